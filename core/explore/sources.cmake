target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SequenceShortcut.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BandDifferences.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FactoredDifferences.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlatPlace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlatShortcut.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LegalRanges.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MoveFinder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Repair.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleSuggester.cpp
)
