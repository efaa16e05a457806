target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ChildProcess.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InputError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InputFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MemoryLimit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PersistentChild.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Utf8.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VerifyMode.cpp
)
