target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Constraint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Expr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprReader.cpp
)
