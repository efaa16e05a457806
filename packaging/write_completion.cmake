# cmake -DTOOL=schedule-tool -DSHELL=bash -DOUT=FILE -P write_completion.cmake:
# the completion script the tool writes from its own grammar.
execute_process(COMMAND ${TOOL} completions ${SHELL} OUTPUT_FILE ${OUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "${TOOL} completions ${SHELL}: ${status}")
endif()
