# nqueens-mpi: the count over MPI ranks (mpi/mpi_*.c), built when an MPI library is found (Debian:
# libopenmpi-dev, openmpi-bin). It links the tool library (progress line, messages and reports
# shared with the nqueens program); install.cmake installs it.
# A plain configuration without MPI builds everything else and says so. With
# NQ_TEST_REQUIRE_ALL (`make`, CI: the machine was set up by scripts/setup.sh, which installs
# MPI) a missing MPI stops the configuration instead of leaving tests/cli/mpi.sh nothing to run.
if(NQ_TEST_REQUIRE_ALL)
  find_package(MPI REQUIRED COMPONENTS C)
else()
  find_package(MPI COMPONENTS C)
endif()
if(MPI_C_FOUND)
  nq_paths(nq_mpi_files ${NQ_MPI_SOURCES})
  add_executable(nqueens-mpi ${nq_mpi_files})
  target_link_libraries(nqueens-mpi PRIVATE nqueens_tool MPI::MPI_C)
else()
  message(STATUS "MPI not found: nqueens-mpi is not built, and its tests are skipped "
                 "(install libopenmpi-dev and openmpi-bin, e.g. with `make setup`)")
endif()
