#include "CTerminalSupport.h"

#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
static const int crash_signal_count = sizeof(crash_signals) / sizeof(crash_signals[0]);

static volatile sig_atomic_t installed = 0;
static int saved_fd = -1;
static struct termios saved_settings;
static char restore_bytes[256];
static int restore_length = 0;

void ct_restore_terminal(void) {
  if (!installed) return;
  if (restore_length > 0) {
    ssize_t ignored = write(saved_fd, restore_bytes, (size_t)restore_length);
    (void)ignored;
  }
  tcsetattr(saved_fd, TCSAFLUSH, &saved_settings);
}

static void crash_handler(int sig) {
  ct_restore_terminal();
  installed = 0;
  // Re-raise with the default action so the exit status and core dump are the crash's own.
  signal(sig, SIG_DFL);
  raise(sig);
}

void ct_install_crash_restore(int fd, const void *saved_termios, const char *bytes, int length) {
  saved_fd = fd;
  memcpy(&saved_settings, saved_termios, sizeof(saved_settings));
  restore_length = length < (int)sizeof(restore_bytes) ? length : (int)sizeof(restore_bytes);
  memcpy(restore_bytes, bytes, (size_t)restore_length);
  installed = 1;
  for (int i = 0; i < crash_signal_count; i++) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(crash_signals[i], &action, NULL);
  }
}

void ct_uninstall_crash_restore(void) {
  installed = 0;
  for (int i = 0; i < crash_signal_count; i++) signal(crash_signals[i], SIG_DFL);
}

int ct_window_size(int fd, int *columns, int *rows) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return 0;
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 1;
}
