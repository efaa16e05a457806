target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DependenceOverride.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DifferenceMinimum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EdgeVerdictCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IncrementalLegality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LegalityChecker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LinearPartIds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeetingElements.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ShapeCounts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimeBounds.cpp
)
