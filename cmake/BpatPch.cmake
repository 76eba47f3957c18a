# Precompiled Qt headers. Parsing Qt's headers is most of the build's time (a GUI test spends
# ~8 of its ~12 s there), so each family of targets shares one precompiled header:
#   core      bpatcore, bpat (its own: their Qt modules differ), the benchmarks (bpat_pch_bench)
#   app       bpatstudio_lib (bpat-studio reuses it)
#   test      every core/CLI test reuses the one built for bpat_pch_test
#   test_gui  every GUI test reuses the one built for bpat_pch_test_gui
# The headers in cmake/pch/ list Qt headers only, so a change in the project never rebuilds them.
# -DBPAT_PCH=OFF builds without (e.g. to check that every file includes what it uses).
option(BPAT_PCH "Precompile the Qt headers to speed up the build" ON)
set(BPAT_PCH_DIR ${CMAKE_CURRENT_LIST_DIR}/pch)

function(bpat_use_pch target kind)
  if(BPAT_PCH)
    target_precompile_headers(${target} PRIVATE ${BPAT_PCH_DIR}/${kind}.h)
  endif()
endfunction()

# Tests are one source file per executable: a header precompiled per test would cost more than
# it saves, so they reuse the one of a carrier target with the same flags and Qt modules.
function(bpat_add_pch_carrier name kind)
  if(NOT BPAT_PCH)
    return()
  endif()
  set(src ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
  file(CONFIGURE OUTPUT ${src} CONTENT "// Carrier of the ${kind} precompiled header.\n")
  add_library(${name} OBJECT ${src})
  target_link_libraries(${name} PRIVATE ${ARGN})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON AUTOMOC OFF)
  bpat_set_warnings(${name})
  target_precompile_headers(${name} PRIVATE ${BPAT_PCH_DIR}/${kind}.h)
endfunction()

function(bpat_reuse_pch target carrier)
  if(BPAT_PCH)
    target_precompile_headers(${target} REUSE_FROM ${carrier})
  endif()
endfunction()
