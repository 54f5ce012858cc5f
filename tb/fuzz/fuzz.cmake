# CTest side of the fuzzers (included by tb/CMakeLists.txt). The targets are a clang project of
# their own (tb/fuzz/CMakeLists.txt) that scripts/fuzz.sh builds into <build>/fuzz: the build
# step fiu_fuzz_bin (in ALL when clang is found; it reruns the fuzz project's own incremental
# build each time), not a test. Tests:
#   fuzz.replay   every committed reproducer (tb/fuzz/crashes/<t>/) and seed (tb/fuzz/corpus/<t>/)
#   fuzz.<t>      each target for FIU_FUZZ_CTEST_SECONDS seconds
# Without clang each test is skipped (exit 77, "fuzz: SKIPPED: clang not found"), never passed.
set(FIU_FUZZ_CTEST_SECONDS 5 CACHE STRING "seconds per fuzz target in the fuzz.<target> tests")
set(FIU_FUZZ_TARGETS vectors execute dotadd cli testfloat asm)
set(_fuzz_sh ${PROJECT_SOURCE_DIR}/scripts/fuzz.sh --build-dir ${CMAKE_BINARY_DIR}/fuzz --skip-if-no-clang)

find_program(FIU_FUZZ_CLANG NAMES $ENV{CLANG} clang)
if(FIU_FUZZ_CLANG)
  add_custom_target(fiu_fuzz_bin ALL COMMAND ${_fuzz_sh} --build-only -j 2
                    COMMENT "scripts/fuzz.sh --build-only: the libFuzzer targets in ${CMAKE_BINARY_DIR}/fuzz/bin")
endif()
add_test(NAME fuzz.replay COMMAND ${_fuzz_sh} --no-build --replay)
set_tests_properties(fuzz.replay PROPERTIES LABELS "fuzz;quick" SKIP_RETURN_CODE 77 TIMEOUT 300)
foreach(t ${FIU_FUZZ_TARGETS})
  add_test(NAME fuzz.${t} COMMAND ${_fuzz_sh} --no-build --target ${t} --seconds ${FIU_FUZZ_CTEST_SECONDS} --seed 1)
  set_tests_properties(fuzz.${t} PROPERTIES LABELS "fuzz;quick" SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()
