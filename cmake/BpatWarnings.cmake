# Warnings on for every target of the project; kept in one place.
function(bpat_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
                         -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual)
  target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
                             QT_NO_URL_CAST_FROM_STRING QT_NO_FOREACH)
endfunction()
