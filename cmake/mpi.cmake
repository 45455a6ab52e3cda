# nqueens-mpi: the count over MPI ranks (mpi/nqueens-mpi.c), built when an MPI library is found
# (Debian: libopenmpi-dev, openmpi-bin). It shares the progress line with the nqueens program.
find_package(MPI COMPONENTS C)
if(MPI_C_FOUND)
  find_package(Threads REQUIRED)
  add_executable(nqueens-mpi ${PROJECT_SOURCE_DIR}/mpi/nqueens-mpi.c
                             ${PROJECT_SOURCE_DIR}/cli/progress.c
                             ${PROJECT_SOURCE_DIR}/cli/kernel_env.c)
  target_include_directories(nqueens-mpi PRIVATE ${PROJECT_SOURCE_DIR}/cli)
  target_link_libraries(nqueens-mpi PRIVATE nqueens_static MPI::MPI_C Threads::Threads)
  install(TARGETS nqueens-mpi RUNTIME DESTINATION bin)
else()
  message(STATUS "MPI not found: nqueens-mpi is not built (install libopenmpi-dev)")
endif()
