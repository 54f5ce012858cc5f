# Mutants: copies of product sources with one deliberate bug each, written into the build
# directory at configuration time for the tests that must catch them (docs/verification.md,
# "Mutants"). cmodel/ and rtl/ carry no fault hooks; the bugs live here, as text edits.
#
# fiu_mutant(<out file> <source file> <old var> <new var> [<old var> <new var>]...)
#   Writes <out file>: <source file> with the text held in variable <old var> replaced by the
#   text in <new var>, pair by pair (variable names, so that C's ';' survive CMake's lists).
#   Each old text must occur exactly once in the source: if an edit of the source makes it
#   vanish or repeat, configuration fails and names the mutant, so a mutant cannot silently
#   become the unmutated source. The source is a configure dependency; <out file> is rewritten
#   only when its text changes.
function(fiu_mutant out src)
  set(pairs ${ARGN})
  list(LENGTH pairs n)
  math(EXPR odd "${n} % 2")
  if(n EQUAL 0 OR odd)
    message(FATAL_ERROR "fiu_mutant(${out}): pairs of variable names expected, got '${ARGN}'")
  endif()
  file(READ ${src} text)
  while(pairs)
    list(POP_FRONT pairs old new)
    string(FIND "${text}" "${${old}}" first)
    string(FIND "${text}" "${${old}}" last REVERSE)
    if(first LESS 0 OR NOT first EQUAL last OR "${${old}}" STREQUAL "")
      message(FATAL_ERROR "mutant ${out}: the text of ${old} must occur exactly once in ${src} "
                          "(first at ${first}, last at ${last}); update tb/mutants.cmake:\n${${old}}")
    endif()
    string(REPLACE "${${old}}" "${${new}}" text "${text}")
  endwhile()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
  if(EXISTS ${out})
    file(READ ${out} prev)
    if(prev STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE ${out} "${text}")
endfunction()

# ---- C model: the dot-add's safety checks (docs/model.md), FIU_DOTADD_MUTANTS ----
# fiu_dotadd_mutant(<n> <dir var>): mutant n in <dir>/ = ${CMAKE_BINARY_DIR}/mutants/dotadd<n>:
# dotadd.c, dotadd_t1.h and fiu.c (the two sources that include dotadd_t1.h; a quoted #include
# finds the copy beside them before cmodel/). Compile <dir>/dotadd.c (and <dir>/fiu.c) instead
# of cmodel's, with cmodel/ and cmodel/include on the include path.
#   1 tier 2: D near an fp32 midpoint accepted     2 tier 2: the TwoSum error t ignored
#   3 tier 2: only zero counted as tiny            4 the host FP state not checked
#   5 tier 1: a sum's exactness half-checked       6 tier 1: tiny sums accepted
#   7 tier 1: ties rounded away from zero          8 tier 1: zeros and subnormals taken as normal
#   9 unfused: tiny products rounded as normal     10 unfused: overflowing products kept finite
# (1, 2 and 3 break the scalar and the AVX2 batch path alike.)
set(FIU_DOTADD_MUTANTS 1 2 3 4 5 6 7 8 9 10)

set(_m_sum [[    if (tiny | near_mid)]])
set(_m_sum_x4 [[        __m256i take_u = _mm256_or_si256(exact, nonfinite);]])
set(_m1_sum "    near_mid = false; /* mutant 1 */\n${_m_sum}")
set(_m1_sum_x4 "        near_mid = zero; /* mutant 1 */\n${_m_sum_x4}")
set(_m3_sum "    tiny = biased == 0; /* mutant 3 */\n${_m_sum}")
set(_m3_sum_x4 "        tiny = _mm256_cmpeq_epi64(biased, zero); /* mutant 3 */\n${_m_sum_x4}")
set(_m2_exact [[    if (((vb | tb) << 1) == 0) {]])
set(_m2_exact_new "    tb = 0; /* mutant 2 */\n${_m2_exact}")
set(_m2_exact_x4 [[        __m256i exact = _mm256_cmpeq_epi64(]])
set(_m2_exact_x4_new "        tb = zero; /* mutant 2 */\n${_m2_exact_x4}")
set(_m4_at [[static double u2d(uint32_t x)]])
set(_m4_new "#define host_fp_default() HOST_FP /* mutant 4 */\n\n${_m4_at}")
set(_m8_at [[    if (__builtin_expect(odd | odd_e, 0)) {]])
set(_m8_new "    odd = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ex, vx))), odd_e = (e & X) == X; /* mutant 8 */\n${_m8_at}")
set(_m9_at [[        if (_mm_movemask_pd(_mm_or_pd(tiny, huge)))]])
set(_m9_new "        tiny = _mm_setzero_pd(); /* mutant 9 */\n${_m9_at}")
set(_m10_new "        huge = _mm_setzero_pd(); /* mutant 10 */\n${_m9_at}")
set(_m5_at [[    __m128d ok = _mm_and_pd(]])
set(_m5_new "    qp = _mm_move_sd(qp, _mm_sub_pd(s2, pq)); /* mutant 5: drops the check s - P == Q */\n${_m5_at}")
set(_m6_at [[    bool normal = mag - lo < 0x47EFFFFFF0000000ull - lo;]])
set(_m6_new "    lo = 1; /* mutant 6 */\n${_m6_at}")
set(_m7_at [[    __m128i inc = _mm_add_epi64(_mm_and_si128(_mm_srli_epi64(b, 29), _mm_set1_epi64x(1)), _mm_set1_epi64x(0x0FFFFFFF));]])
set(_m7_new [[    __m128i inc = _mm_set1_epi64x(0x10000000); /* mutant 7: ties away from zero */]])
# edits per mutant: "<file>:<old var>:<new var>"
set(_m_edits_1 dotadd.c:_m_sum:_m1_sum dotadd.c:_m_sum_x4:_m1_sum_x4)
set(_m_edits_2 dotadd.c:_m2_exact:_m2_exact_new dotadd.c:_m2_exact_x4:_m2_exact_x4_new)
set(_m_edits_3 dotadd.c:_m_sum:_m3_sum dotadd.c:_m_sum_x4:_m3_sum_x4)
set(_m_edits_4 dotadd.c:_m4_at:_m4_new)
set(_m_edits_5 dotadd_t1.h:_m5_at:_m5_new)
set(_m_edits_6 dotadd_t1.h:_m6_at:_m6_new)
set(_m_edits_7 dotadd_t1.h:_m7_at:_m7_new)
set(_m_edits_8 dotadd.c:_m8_at:_m8_new)
set(_m_edits_9 dotadd.c:_m9_at:_m9_new)
set(_m_edits_10 dotadd.c:_m9_at:_m10_new)

function(fiu_dotadd_mutant n dir_var)
  if(NOT DEFINED _m_edits_${n})
    message(FATAL_ERROR "fiu_dotadd_mutant: no mutant ${n} (FIU_DOTADD_MUTANTS: ${FIU_DOTADD_MUTANTS})")
  endif()
  set(dir ${CMAKE_BINARY_DIR}/mutants/dotadd${n})
  foreach(f dotadd.c dotadd_t1.h fiu.c)
    set(pairs "")
    foreach(e IN LISTS _m_edits_${n})
      string(REPLACE ":" ";" e "${e}")
      list(GET e 0 ef)
      if(ef STREQUAL f)
        list(GET e 1 eo)
        list(GET e 2 en)
        list(APPEND pairs ${eo} ${en})
      endif()
    endforeach()
    if(pairs)
      fiu_mutant(${dir}/${f} ${PROJECT_SOURCE_DIR}/cmodel/${f} ${pairs})
    else()
      configure_file(${PROJECT_SOURCE_DIR}/cmodel/${f} ${dir}/${f} COPYONLY)
    endif()
  endforeach()
  set(${dir_var} ${dir} PARENT_SCOPE)
endfunction()

# ---- RTL: the rounding bug of docs/debugging.md ----
# FIU_RTL_FAULT_DIR: a copy of rtl/ whose fiu_round_pack.sv ignores the sticky bit when it rounds
# (ties-to-even applied to values above the tie); FIU_RTL_FAULT_SRCS: its files in FIU_RTL_SRCS's
# order (the package first). Used by tb_cosim_l4_fault (tb/cosim) and cocotb.fault (run.sh --rtl);
# any bench that needs a faulty RTL takes its sources from here.
set(FIU_RTL_FAULT_DIR ${CMAKE_BINARY_DIR}/mutants/rtl_round)
set(_m_round [[    inc       = y[1] & (sticky | q[0]);]])
set(_m_round_new [[    inc       = y[1] & q[0];  // mutant (docs/debugging.md): sticky bit ignored]])
set(FIU_RTL_FAULT_SRCS "")
foreach(f IN LISTS FIU_RTL_SRCS)
  get_filename_component(name ${f} NAME)
  if(name STREQUAL "fiu_round_pack.sv")
    fiu_mutant(${FIU_RTL_FAULT_DIR}/${name} ${f} _m_round _m_round_new)
  else()
    configure_file(${f} ${FIU_RTL_FAULT_DIR}/${name} COPYONLY)
  endif()
  list(APPEND FIU_RTL_FAULT_SRCS ${FIU_RTL_FAULT_DIR}/${name})
endforeach()
# the payload types the modules include and the lint waivers, unchanged
foreach(f IN LISTS FIU_RTL_HDRS FIU_RTL_VLT)
  get_filename_component(name ${f} NAME)
  configure_file(${f} ${FIU_RTL_FAULT_DIR}/${name} COPYONLY)
endforeach()
if(NOT "${FIU_RTL_FAULT_DIR}/fiu_round_pack.sv" IN_LIST FIU_RTL_FAULT_SRCS)
  message(FATAL_ERROR "tb/mutants.cmake: rtl/fiu_round_pack.sv not among FIU_RTL_SRCS")
endif()
