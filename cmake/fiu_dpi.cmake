# The DPI-C layer (cmodel/tools/fiu_dpi.c, cmodel/tools/include/fiu_dpi.h; docs/sv.md) and the
# SystemVerilog side (tb/sv/fiu_dpi_pkg.sv, tb/sv/fiu_checker.sv). Included from
# cmodel/CMakeLists.txt after fiu_install.cmake (fiu_core_obj, fiu_tools_obj, fiuTargets).
#   fiu_dpi_static  libfiu_dpi.a: the layer alone; link libfiu.a after it (Verilator -LDFLAGS)
#   fiu_dpi_shared  libfiu_dpi.so: the layer and the whole model in one library (-sv_lib)
# Build-tree use (tb/sv): fiu_dpi_static + fiu_cmodel.
# fiu_dpi.c is compiled once (fiu_dpi_obj); the shared library adds the model's objects.
add_library(fiu_dpi_obj OBJECT ${FIU_TOOLS_DIR}/fiu_dpi.c)
set_target_properties(fiu_dpi_obj PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_include_directories(fiu_dpi_obj PRIVATE ${FIU_CORE_INCLUDE} ${FIU_TOOLS_INCLUDE} ${FIU_GENERATED_INCLUDE})
add_library(fiu_dpi_static STATIC $<TARGET_OBJECTS:fiu_dpi_obj>)
add_library(fiu_dpi_shared SHARED $<TARGET_OBJECTS:fiu_dpi_obj> $<TARGET_OBJECTS:fiu_core_obj>
            $<TARGET_OBJECTS:fiu_tools_obj>)
foreach(t fiu_dpi_static fiu_dpi_shared)
  set_target_properties(${t} PROPERTIES OUTPUT_NAME fiu_dpi EXPORT_NAME ${t} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${t} PUBLIC
    $<BUILD_INTERFACE:${FIU_TOOLS_INCLUDE}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fiu>)
endforeach()
target_link_libraries(fiu_dpi_static PUBLIC fiu_static)
set_target_properties(fiu_dpi_static PROPERTIES ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/static)
set_target_properties(fiu_dpi_shared PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/shared
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
install(TARGETS fiu_dpi_static fiu_dpi_shared EXPORT fiuTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/tb/sv/fiu_dpi_pkg.sv ${PROJECT_SOURCE_DIR}/tb/sv/fiu_checker.sv
              ${PROJECT_SOURCE_DIR}/tb/sv/fiu_checker_bind.sv
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fiu/sv)
