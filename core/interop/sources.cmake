target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CFrontEnd.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExternalTool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopCoordinates.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopMerge.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopKernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JscopWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelSource.cpp
)
target_sources(se_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/ScheduleInput.cpp)
