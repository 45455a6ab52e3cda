# The Slurm test (tests/cli/slurm.sh, registered with the other CLI tests): it starts a
# one-machine Slurm of its own, so it carries the label `slurm` (ctest -L slurm, or -LE slurm to
# leave it out) and more time than a plain CLI test (it takes about 30 s).
if(TEST cli_slurm)
  set_tests_properties(cli_slurm PROPERTIES LABELS slurm TIMEOUT 240)
endif()
