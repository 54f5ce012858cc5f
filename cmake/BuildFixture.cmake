# Tests whose programs are not on their command line (a script runs them, cmake --install installs
# them) build them first, so that any CTest label runs on a tree where only `make sim` was built
# (docs/verification.md, "Tests that check their output").
#
#   fiu_build_fixture(<fixture> <target>...)
# adds the test build.<fixture>: cmake --build of the targets (nothing to do when they are up to
# date), FIXTURES_SETUP <fixture>, label setup. The tests that need the targets add <fixture> to
# their FIXTURES_REQUIRED. The build steps hold RESOURCE_LOCK fiu_build: one at a time.
function(fiu_build_fixture fixture)
  add_test(NAME build.${fixture}
           COMMAND ${FIU_EXPECT} 0 "^build_fixture: ${fixture}: built "
                   -- ${PROJECT_SOURCE_DIR}/scripts/build_fixture.sh ${CMAKE_BINARY_DIR} ${fixture} ${ARGN})
  set_tests_properties(build.${fixture} PROPERTIES LABELS "setup" FIXTURES_SETUP ${fixture}
                       RESOURCE_LOCK fiu_build TIMEOUT 3600)
endfunction()
