# Links with LLVM's lld where the compiler accepts it (Debian's `lld`, which scripts/install-deps.sh
# installs). The suite is ~180 executables, each linked against the whole core and app libraries:
# GNU ld took 0.68 s to link tst_MainWindow in the release tree and 2.25 s in the sanitizer tree,
# lld 0.16 s and 0.36 s (29 Nov 2026, docs/performance.md "Building and CI"). BPAT_LLD=OFF keeps
# the system linker.
include(CheckLinkerFlag)
option(BPAT_LLD "Link with lld when the compiler accepts -fuse-ld=lld" ON)
if(BPAT_LLD)
  check_linker_flag(CXX "-fuse-ld=lld" BPAT_HAVE_LLD)
  if(BPAT_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()
