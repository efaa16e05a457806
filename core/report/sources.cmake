target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CheckDetail.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CheckReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportJson.cpp
)
