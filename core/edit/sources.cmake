target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BandEdits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BandFlags.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DifferenceRanges.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Edit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditApply.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditScript.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlagAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlagCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrefixTimes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleTree.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TreeEdits.cpp
)
