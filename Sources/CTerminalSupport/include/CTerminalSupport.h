#ifndef C_TERMINAL_SUPPORT_H
#define C_TERMINAL_SUPPORT_H

/// Remembers how to put the terminal back (the descriptor, its settings before raw mode, and the
/// bytes that leave the alternate screen and show the cursor) and installs handlers for the crash
/// signals (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP) that restore it and re-raise.
///
/// Written in C because a signal handler may only call async-signal-safe functions (write,
/// tcsetattr, signal, raise), which Swift code cannot promise.
void ct_install_crash_restore(int fd, const void *saved_termios, const char *bytes, int length);

/// Restores the terminal from what `ct_install_crash_restore` saved; safe to call more than once.
void ct_restore_terminal(void);

/// Forgets the saved state and puts the default crash handlers back.
void ct_uninstall_crash_restore(void);

/// The size of the terminal on `fd` in columns and rows; returns 0 on failure.
int ct_window_size(int fd, int *columns, int *rows);

#endif
