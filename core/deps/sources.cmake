target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Dependence.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DependenceAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DependenceSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProgramOrder.cpp
)
