# Checkpoint journal, progress line and signals: the progress line is redrawn by its own thread.
find_package(Threads REQUIRED)
target_link_libraries(nqueens PRIVATE Threads::Threads)
