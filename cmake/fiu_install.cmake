# Install of the C model as a library (docs/ip.md, docs/model.md). Included from
# cmodel/CMakeLists.txt (its object libraries and header lists):
#   libfiu.a, libfiu.so  the core and the tools in one library (fiu::fiu_static, fiu::fiu_shared;
#                        fiu::fiu is one of them, see fiuConfig.cmake), what fiu.pc links
#   libfiu_core.a        the core alone (fiu::fiu_core): fiu.h's API, nothing else
#   include/fiu/         the headers, listed: the core's (FIU_CORE_HEADERS), the tools'
#                        (FIU_TOOLS_HEADERS, FIU_DPI_HEADERS) and the register map's
#   fiu-model, the CMake package fiu and fiu.pc. No source is compiled again for them: the
# libraries are made of the objects of fiu_core_obj and fiu_tools_obj.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

foreach(kind static shared)
  string(TOUPPER ${kind} KIND)
  add_library(fiu_${kind} ${KIND} $<TARGET_OBJECTS:fiu_core_obj> $<TARGET_OBJECTS:fiu_tools_obj>)
  set_target_properties(fiu_${kind} PROPERTIES OUTPUT_NAME fiu EXPORT_NAME fiu_${kind})
  target_include_directories(fiu_${kind} PUBLIC
    $<BUILD_INTERFACE:${FIU_CORE_INCLUDE}>
    $<BUILD_INTERFACE:${FIU_TOOLS_INCLUDE}>
    $<BUILD_INTERFACE:${FIU_GENERATED_INCLUDE}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fiu>)
endforeach()
set_target_properties(fiu_shared PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
# The static and the shared library share a file name in one directory; keep them apart in the build.
set_target_properties(fiu_static PROPERTIES ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/static)
set_target_properties(fiu_shared PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/shared)
set_target_properties(fiu_core PROPERTIES EXPORT_NAME fiu_core)
target_include_directories(fiu_core PUBLIC $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fiu>)

install(TARGETS fiu_static fiu_shared fiu_core EXPORT fiuTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fiu)
install(FILES ${FIU_CORE_HEADERS} ${FIU_TOOLS_HEADERS} ${FIU_DPI_HEADERS} ${FIU_REGS_HEADERS}
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fiu)
install(TARGETS fiu-model RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT fiuTargets NAMESPACE fiu:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fiu)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fiuConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/fiuConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fiu
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/fiuConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fiuConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/fiuConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fiu)
# pkg-config: relocatable (prefix from the .pc file's own directory).
configure_file(${PROJECT_SOURCE_DIR}/cmake/fiu.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fiu.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fiu.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
# The hardware side for integrators: RTL, the FuseSoC core, the register map and its outputs.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/rtl/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fiu/rtl)
install(FILES ${PROJECT_SOURCE_DIR}/fiu.core DESTINATION ${CMAKE_INSTALL_DATADIR}/fiu OPTIONAL)
