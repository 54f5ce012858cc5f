# Install of the C model as a library (docs/ip.md): libfiu.a and libfiu.so (same
# sources as fiu_cmodel, compiled position-independent once), the public headers under
# include/fiu/, fiu-model, the CMake package fiu (fiu::fiu, fiu::fiu_static, fiu::fiu_shared)
# and fiu.pc. Included from cmodel/CMakeLists.txt (FIU_CMODEL_SRCS, FIU_PUBLIC_HEADERS).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

add_library(fiu_obj OBJECT ${FIU_CMODEL_SRCS})
set_target_properties(fiu_obj PROPERTIES POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET default)
target_include_directories(fiu_obj PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include ${FIU_GENERATED_INCLUDE})

foreach(kind static shared)
  string(TOUPPER ${kind} KIND)
  add_library(fiu_${kind} ${KIND} $<TARGET_OBJECTS:fiu_obj>)
  set_target_properties(fiu_${kind} PROPERTIES OUTPUT_NAME fiu EXPORT_NAME fiu_${kind})
  target_include_directories(fiu_${kind} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${FIU_GENERATED_INCLUDE}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fiu>)
endforeach()
set_target_properties(fiu_shared PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
# The static and the shared library share a file name in one directory; keep them apart in the build.
set_target_properties(fiu_static PROPERTIES ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/static)
set_target_properties(fiu_shared PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/shared)

install(TARGETS fiu_static fiu_shared EXPORT fiuTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fiu)
install(FILES ${FIU_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fiu)
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
