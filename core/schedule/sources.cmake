target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FlatSchedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IslSyntaxProbe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OriginalSchedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrefixTimes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SchedulePrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleFlattener.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleTree.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleTreeMemo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleTreeSnapshot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleTreeWalk.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleValidator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleYaml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UnionMapPieces.cpp
)
