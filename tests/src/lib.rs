//! Tool sets the behaviour tests exercise.
