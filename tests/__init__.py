"""The test suite: one folder per package of src/keythedral, tests of the whole at the top."""
