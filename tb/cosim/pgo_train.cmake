# The training run of a co-simulation built with profile-guided optimisation (tb/cosim/CMakeLists.txt,
# fiu_cosim_model's PGO): both stimulus mixes, with the default bubbles, backpressure and resets, on
# seeds that no test or benchmark uses. Its profile steers only the compiler's code layout, so a run
# that fails does not stop the build (the tests report the failure); it is noted here.
# cmake -DEXE=<instrumented executable> -DLOG=<log file> -DPROFILE=<profile dir> -P pgo_train.cmake
if(NOT EXE OR NOT LOG OR NOT PROFILE)
  message(FATAL_ERROR "pgo_train.cmake: usage: cmake -DEXE=<exe> -DLOG=<log> -DPROFILE=<dir> -P pgo_train.cmake")
endif()
file(WRITE ${LOG} "")
foreach(run "--seed;90001;--count;20000" "--seed;90002;--count;20000;--mix;throughput")
  execute_process(COMMAND ${EXE} ${run} --quiet RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  file(APPEND ${LOG} "${out}")
  if(NOT rc EQUAL 0)
    message(WARNING "PGO training run '${EXE} ${run}' exited with ${rc} (log: ${LOG}); the profile is "
                    "still used, and the co-simulation tests will show the failure")
  endif()
endforeach()
# the profile of the testbench and of the model's evaluation, under the names the optimised build
# reads; the last log line says which (CTest cosim.pgo_profile.* reads it)
file(GLOB tb_profile ${PROFILE}/tb_cosim.c.gcda)
file(GLOB model_profile ${PROFILE}/*__024root__DepSet_*.gcda)
if(tb_profile AND model_profile)
  file(APPEND ${LOG} "pgo_train: profiles of tb_cosim.c and of the model in ${PROFILE}\n")
else()
  file(APPEND ${LOG} "pgo_train: no profile of tb_cosim.c or of the model in ${PROFILE}\n")
  message(WARNING "PGO training left no profile of tb_cosim.c or of the model in ${PROFILE}: the "
                  "co-simulation is built without one (correct, but slower)")
endif()
