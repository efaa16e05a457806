target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BandFlags.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DifferenceRanges.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlagAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlagCache.cpp
)
