target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FuseShortcut.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MoveFinder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleSuggester.cpp
)
