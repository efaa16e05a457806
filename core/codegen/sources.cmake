target_sources(se_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AstBuilder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstCPrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstCoverage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstExprReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstMemo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstSequenceSplit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AstTranslator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CaseSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenerator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LinearForm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoopHeaderReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NestKernelWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NestOrderCheck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NestTextPrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatementGrouping.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatementRewriter.cpp
)
