/*
 * ariadne-client: hands one `ariadne` command to a warm `ariadne serve` server and relays its output and exit
 * status, so the command pays no JVM start (docs/serve.md). The launcher compiles it with cc on first use of serve.
 *
 *   ariadne-client run DIR KEY ARGS...   the command's exit status; 250: not served, run it as a plain process
 *   ariadne-client run-built DIR KEY ROOT ARGS...
 *                                        as run, after looking whether the checkout at ROOT has sources newer
 *                                        than its last build, as the launcher's stale() does: 251 when they may
 *                                        be (or it cannot tell), and nothing is sent
 *   ariadne-client status DIR KEY        prints the server's status; 0 running, 1 none
 *   ariadne-client stop DIR KEY          asks the server to stop; 0 asked, 1 none
 *   ariadne-client path DIR KEY          prints the socket's path without its ".sock"
 *
 * The socket is DIR/<FNV-1a of KEY "\n" working directory>.sock, as the server names it. DIR must be a folder of
 * this user's that nobody else may enter (mode 0700), or nothing is sent. The protocol is in Server.java.
 */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define NOT_SERVED 250
#define MAY_BE_STALE 251
#define MAGIC 0x41524431u

static volatile sig_atomic_t caught;

static void on_signal(int sig) { caught = sig; }

static void put32(unsigned char *p, uint32_t v) {
  p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Writes all of b; 0, or -1 with errno set. */
static int write_all(int fd, const void *b, size_t n) {
  const char *p = b;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR && !caught) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Reads exactly n bytes; 1, or 0 at end of input, or -1 (errno set; EINTR when a signal came). */
static int read_all(int fd, void *b, size_t n) {
  char *p = b;
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r == 0) return 0;
    if (r < 0) {
      if (errno == EINTR && !caught) continue;
      return -1;
    }
    p += r;
    n -= (size_t)r;
  }
  return 1;
}

/* The socket's path without ".sock" into out; 0, or -1 when it does not fit a Unix socket's address. */
static int socket_base(const char *dir, const char *key, const char *cwd, char *out, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  const char *parts[3] = {key, "\n", cwd};
  for (int i = 0; i < 3; i++)
    for (const unsigned char *p = (const unsigned char *)parts[i]; *p; p++) {
      h ^= *p;
      h *= 0x100000001b3ull;
    }
  int n = snprintf(out, size, "%s/%016llx", dir, (unsigned long long)h);
  return n < 0 || (size_t)n + 5 >= sizeof(((struct sockaddr_un *)0)->sun_path) || (size_t)n >= size ? -1 : 0;
}

/* Connects to the server; the socket, or -1 when there is none (a stale socket of a crashed server is removed). */
static int connect_server(const char *dir, const char *base) {
  struct stat st;
  if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid() || (st.st_mode & 077) != 0)
    return -1;
  struct sockaddr_un addr;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  size_t len = strlen(base);
  if (len + 6 > sizeof addr.sun_path) return -1;
  memcpy(addr.sun_path, base, len);
  memcpy(addr.sun_path + len, ".sock", 6);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  while (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
    if (errno == EINTR) continue;
    /* Refused: nobody listens. A socket older than a few seconds is a crashed server's (a starting server binds
       and listens in one step, but give it time anyway); removing it keeps later runs from trying it. */
    if (errno == ECONNREFUSED && lstat(addr.sun_path, &st) == 0 && S_ISSOCK(st.st_mode)
        && st.st_mtime + 10 < time(NULL))
      unlink(addr.sun_path);
    close(fd);
    return -1;
  }
  return fd;
}

static int send_request(int fd, uint32_t kind, int n, char **strings) {
  size_t total = 12;
  for (int i = 0; i < n; i++) total += 4 + strlen(strings[i]);
  unsigned char *b = malloc(total), *p = b;
  if (!b) return -1;
  put32(p, MAGIC); put32(p + 4, kind); put32(p + 8, (uint32_t)n); p += 12;
  for (int i = 0; i < n; i++) {
    size_t len = strlen(strings[i]);
    put32(p, (uint32_t)len);
    memcpy(p + 4, strings[i], len);
    p += 4 + len;
  }
  int r = write_all(fd, b, total);
  free(b);
  return r;
}

/* Relays frames until the exit status; returns the status to exit with. */
static int relay(int fd, const char *base) {
  static unsigned char buf[65536];
  int wrote = 0;
  for (;;) {
    unsigned char head[5];
    int r = read_all(fd, head, 5);
    if (r <= 0) break;
    uint32_t len = get32(head + 1);
    if (head[0] == 3 && len == 4) {
      if (read_all(fd, buf, 4) <= 0) break;
      return (int)(get32(buf) & 0xff);
    }
    if (head[0] == 4 && !wrote) return NOT_SERVED;
    int out = head[0] == 1 ? 1 : head[0] == 2 ? 2 : -1;
    if (out < 0) break;
    while (len > 0) {
      size_t chunk = len < sizeof buf ? len : sizeof buf;
      if (read_all(fd, buf, chunk) <= 0) goto gone;
      wrote = 1;
      if (write_all(out, buf, chunk) != 0 && (caught || out == 1)) {
        if (caught) goto gone;
        /* standard output closed (`| head`): stop as a plain run does, with SIGPIPE's status */
        close(fd);
        return 141;
      }
      len -= (uint32_t)chunk;
    }
  }
gone:
  if (caught) {
    /* ^C or a kill: end as a plain process would, by the signal (the server abandons the command) */
    close(fd);
    signal(caught, SIG_DFL);
    raise(caught);
    return 128 + caught;
  }
  if (!wrote) return NOT_SERVED; /* the server went away before any output: the launcher runs the command plainly */
  char msg[512];
  int n = snprintf(msg, sizeof msg, "ariadne: the server stopped before the command finished; the output above is "
                   "incomplete (its log: %s.log)\n", base);
  if (n > 0) write_all(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
  return 70;
}

/* Whether a's modification time is after t's, as bash's -nt compares them. */
static int after(const struct stat *a, const struct stat *t) {
  return a->st_mtim.tv_sec > t->st_mtim.tv_sec
         || (a->st_mtim.tv_sec == t->st_mtim.tv_sec && a->st_mtim.tv_nsec > t->st_mtim.tv_nsec);
}

/* Whether the file at path exists and was modified after the stamp (bash's [[ path -nt stamp ]]). */
static int newer(const char *path, const struct stat *stamp) {
  struct stat st;
  return stat(path, &st) == 0 && after(&st, stamp);
}

/*
 * The launcher's stale() for a checkout at root, done in C for the served path (bash's globs and -nt cost a few
 * milliseconds there, more than the rest of a served run): 0 when no source is newer than the last build, 1 when
 * one is or when this cannot tell the way stale() does (no stamp with its list of folders, a root with glob
 * characters, the modules' folders not those listed); the launcher then looks itself. A copy without pom.xml (an
 * installed copy) never builds: 0.
 */
static int may_be_stale(const char *root) {
  char path[8192];
  struct stat st, stamp;
  if (strpbrk(root, "*?[\\") || strlen(root) > 4096) return 1;
  snprintf(path, sizeof path, "%s/pom.xml", root);
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  snprintf(path, sizeof path, "%s/ariadne-cli/target/ariadne.jar", root);
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 1;
  snprintf(path, sizeof path, "%s/ariadne-cli/target/ariadne.built", root);
  if (stat(path, &stamp) != 0 || !S_ISREG(stamp.st_mode)) return 1;
  FILE *list = fopen(path, "r");
  if (!list) return 1;
  int stale = 1;
  glob_t poms = {0}, mains = {0};
  char *line = NULL, *want = NULL;
  size_t cap = 0;
  /* root/pom.xml and every module's */
  snprintf(path, sizeof path, "%s/pom.xml", root);
  if (newer(path, &stamp)) goto done;
  snprintf(path, sizeof path, "%s/ariadne-*/pom.xml", root);
  int g = glob(path, 0, NULL, &poms);
  if (g != 0 && g != GLOB_NOMATCH) goto done;
  for (size_t i = 0; i < poms.gl_pathc; i++)
    if (newer(poms.gl_pathv[i], &stamp)) goto done;
  /* the stamp's first line: root/.mvn (named whether or not it exists, as bash leaves a word without glob
     characters) and the folders ariadne-*\/src/main as they were, space-separated */
  size_t wsize = strlen(root) + 6;
  snprintf(path, sizeof path, "%s/ariadne-*/src/main", root);
  g = glob(path, 0, NULL, &mains);
  if (g != 0 && g != GLOB_NOMATCH) goto done;
  for (size_t i = 0; i < mains.gl_pathc; i++) wsize += strlen(mains.gl_pathv[i]) + 1;
  want = malloc(wsize);
  if (!want) goto done;
  snprintf(want, wsize, "%s/.mvn", root);
  for (size_t i = 0; i < mains.gl_pathc; i++) {
    strcat(want, " ");
    strcat(want, mains.gl_pathv[i]);
  }
  ssize_t n = getline(&line, &cap, list);
  if (n <= 0) goto done;
  if (line[n - 1] == '\n') line[--n] = 0;
  if (strcmp(line, want) != 0) goto done;
  /* each folder listed: still a folder, not changed since, and none of its entries (but dot files) changed */
  int folders = 0;
  while ((n = getline(&line, &cap, list)) > 0) {
    if (line[n - 1] == '\n') line[--n] = 0;
    folders++;
    if (stat(line, &st) != 0 || !S_ISDIR(st.st_mode) || after(&st, &stamp)) goto done;
    DIR *d = opendir(line);
    if (!d) goto done;
    struct dirent *e;
    int fd = dirfd(d);
    while ((e = readdir(d)) != NULL) {
      if (e->d_name[0] == '.') continue;
      if (fstatat(fd, e->d_name, &st, 0) == 0 && after(&st, &stamp)) {
        closedir(d);
        goto done;
      }
    }
    closedir(d);
  }
  if (folders >= 1) stale = 0;
done:
  free(line);
  free(want);
  globfree(&poms);
  globfree(&mains);
  fclose(list);
  return stale;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fputs("usage: ariadne-client run|status|stop|path DIR KEY [ARGS...]\n", stderr);
    return 64;
  }
  const char *cmd = argv[1], *dir = argv[2], *key = argv[3];
  int built = strcmp(cmd, "run-built") == 0;
  if (built) {
    if (argc < 5) return 64;
    if (may_be_stale(argv[4])) return MAY_BE_STALE;
    argv[4] = argv[3]; /* the rest is run's: DIR KEY ARGS */
    argv[3] = argv[2];
    argv[2] = argv[1];
    argv++;
    argc--;
    cmd = "run";
    dir = argv[2];
    key = argv[3];
  }
  int run = built || strcmp(cmd, "run") == 0;
  static char cwd[8192];
  char base[4096];
  if (!getcwd(cwd, sizeof cwd) || socket_base(dir, key, cwd, base, sizeof base) != 0) return run ? NOT_SERVED : 1;
  if (strcmp(cmd, "path") == 0) {
    printf("%s\n", base);
    return 0;
  }
  uint32_t kind = run ? 1 : strcmp(cmd, "status") == 0 ? 2 : strcmp(cmd, "stop") == 0 ? 3 : 0;
  if (kind == 0) return 64;
  signal(SIGPIPE, SIG_IGN);
  int fd = connect_server(dir, base);
  if (fd < 0) return run ? NOT_SERVED : 1;
  /* Without SA_RESTART: a signal ends the wait for the server's next frame. */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  int n = run ? argc - 2 : 2;
  char **strings = malloc(sizeof(char *) * (size_t)(n > 2 ? n : 2));
  if (!strings) return run ? NOT_SERVED : 1;
  strings[0] = (char *)key;
  strings[1] = cwd;
  for (int i = 2; i < n; i++) strings[i] = argv[i + 2];
  if (send_request(fd, kind, n, strings) != 0) {
    close(fd);
    return run ? NOT_SERVED : 1;
  }
  int status = relay(fd, base);
  if (!run && status == NOT_SERVED) return 1;
  return status;
}
