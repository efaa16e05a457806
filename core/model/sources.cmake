target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelLoader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelReader.cpp
)
