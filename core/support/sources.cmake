target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ChildProcess.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InputError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextTable.cpp
)
