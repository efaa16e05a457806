target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BandEdits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Edit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditApply.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditScript.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TreeEdits.cpp
)
