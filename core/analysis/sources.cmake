target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Analyzer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BoundsChecker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EditReplay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IterationSpace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IterationSpaceBuilder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SchedulePipeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ViolationNodes.cpp
)
