target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FigureStyle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GraphLayoutMemo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GraphvizLayout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TransitiveReduction.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TreeLayout.cpp
)
