# CTest side of the fuzzers (included by tb/CMakeLists.txt). The targets are a clang project of
# their own (tb/fuzz/CMakeLists.txt) that scripts/fuzz.sh builds into <build>/fuzz; here:
#   fuzz.build    builds them (fixture for the others)
#   fuzz.replay   every committed reproducer (tb/fuzz/crashes/<t>/) and seed (tb/fuzz/corpus/<t>/)
#   fuzz.<t>      each target for FIU_FUZZ_CTEST_SECONDS seconds
# Without clang each test is skipped (exit 77, "fuzz: SKIPPED: clang not found"), never passed.
set(FIU_FUZZ_CTEST_SECONDS 5 CACHE STRING "seconds per fuzz target in the fuzz.<target> tests")
set(FIU_FUZZ_TARGETS vectors execute dotadd cli testfloat asm)
set(_fuzz_sh ${PROJECT_SOURCE_DIR}/scripts/fuzz.sh --build-dir ${CMAKE_BINARY_DIR}/fuzz --skip-if-no-clang)

add_test(NAME fuzz.build COMMAND ${_fuzz_sh} --build-only -j 2)
set_tests_properties(fuzz.build PROPERTIES LABELS "fuzz;quick" FIXTURES_SETUP fiu_fuzz_bin
                     SKIP_RETURN_CODE 77 TIMEOUT 900)
add_test(NAME fuzz.replay COMMAND ${_fuzz_sh} --no-build --replay)
set_tests_properties(fuzz.replay PROPERTIES LABELS "fuzz;quick" FIXTURES_REQUIRED fiu_fuzz_bin
                     SKIP_RETURN_CODE 77 TIMEOUT 300)
foreach(t ${FIU_FUZZ_TARGETS})
  add_test(NAME fuzz.${t} COMMAND ${_fuzz_sh} --no-build --target ${t} --seconds ${FIU_FUZZ_CTEST_SECONDS} --seed 1)
  set_tests_properties(fuzz.${t} PROPERTIES LABELS "fuzz;quick" FIXTURES_REQUIRED fiu_fuzz_bin
                       SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()
