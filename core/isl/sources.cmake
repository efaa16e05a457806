target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ExprToIsl.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IslContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IslLimits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IslUtil.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PointCounter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PolyhedralModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrefixScan.cpp
)
