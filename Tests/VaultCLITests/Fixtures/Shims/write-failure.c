#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Makes writes inside $FAIL_DIR fail as on a full disk (FAIL_ERRNO=28: write() on its files)
   or a read-only file system (FAIL_ERRNO=30: creating, renaming or making folders there). */
static int failing(const char *path) {
  const char *dir = getenv("FAIL_DIR");
  if (!dir || !path) return 0;
  char full[PATH_MAX];
  if (path[0] == '/') snprintf(full, sizeof full, "%s", path);
  else { char cwd[PATH_MAX]; if (!getcwd(cwd, sizeof cwd)) return 0; snprintf(full, sizeof full, "%s/%s", cwd, path); }
  return strncmp(full, dir, strlen(dir)) == 0;
}
static int code(void) { const char *e = getenv("FAIL_ERRNO"); return e ? atoi(e) : 0; }

ssize_t write(int fd, const void *buf, size_t n) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real) real = dlsym(RTLD_NEXT, "write");
  if (code() == ENOSPC) {
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t len = readlink(link, target, sizeof target - 1);
    if (len > 0) { target[len] = 0; if (target[0] == '/' && failing(target)) { errno = ENOSPC; return -1; } }
  }
  return real(fd, buf, n);
}

#define OPEN_LIKE(name, ...) \
  int name(const char *path, int flags, ...) { \
    static int (*real)(const char *, int, ...); \
    if (!real) real = dlsym(RTLD_NEXT, #name); \
    mode_t mode = 0; \
    if (flags & O_CREAT) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); } \
    if (code() == EROFS && (flags & O_CREAT) && failing(path)) { errno = EROFS; return -1; } \
    return real(path, flags, mode); \
  }
OPEN_LIKE(open)
OPEN_LIKE(open64)

int openat(int dirfd, const char *path, int flags, ...) {
  static int (*real)(int, const char *, int, ...);
  if (!real) real = dlsym(RTLD_NEXT, "openat");
  mode_t mode = 0;
  if (flags & O_CREAT) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
  if (code() == EROFS && (flags & O_CREAT) && (path[0] == '/' || dirfd == AT_FDCWD) && failing(path)) { errno = EROFS; return -1; }
  return real(dirfd, path, flags, mode);
}

int mkdir(const char *path, mode_t mode) {
  static int (*real)(const char *, mode_t);
  if (!real) real = dlsym(RTLD_NEXT, "mkdir");
  if (code() == EROFS && failing(path)) { errno = EROFS; return -1; }
  return real(path, mode);
}

int rename(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  if (!real) real = dlsym(RTLD_NEXT, "rename");
  if (code() == EROFS && failing(to)) { errno = EROFS; return -1; }
  return real(from, to);
}

int mkstemp(char *template) {
  static int (*real)(char *);
  if (!real) real = dlsym(RTLD_NEXT, "mkstemp");
  if (code() == EROFS && failing(template)) { errno = EROFS; return -1; }
  return real(template);
}

int link(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  if (!real) real = dlsym(RTLD_NEXT, "link");
  if (code() == EROFS && failing(to)) { errno = EROFS; return -1; }
  return real(from, to);
}
