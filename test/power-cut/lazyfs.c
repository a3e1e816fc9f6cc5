/*
 * A lazy file system for power-cut tests: a FUSE pass-through over a backing folder that remembers how to undo
 * everything not yet made durable, and undoes it on "cut".
 *
 * What counts as durable, as a careful reading of POSIX (and what ext4, NTFS and friends may do after a power
 * cut) allows, and as Jepsen's LazyFS and the ALICE study model it:
 *   - a file's bytes and size, once the file itself is fsync'd or fdatasync'd (any descriptor of it);
 *   - a name made or removed in a folder (create, mkdir, unlink, rmdir, rename, link, symlink), once that
 *     folder is fsync'd; a rename between two folders needs both. An fsync of the file does NOT keep its name.
 * Everything else is undone by a cut: bytes written since the file's last sync go back to what they were,
 * the file goes back to its synced size, and names go back, newest first. Optionally the newest unsynced
 * write is torn: its first K 512-byte sectors are kept (as a disk may have written them before the power
 * went), the rest undone.
 *
 * Everything is applied to the backing folder at once (reads are plain pass-through); what a cut needs is kept
 * beside it: the old bytes of every sector overwritten since the last sync (in memory), and removed or
 * replaced names moved into a stash folder on the same disk instead of deleted.
 *
 * Usage: lazyfs BACKING STASH MOUNTPOINT [FUSE options, e.g. -f -s]
 * Control: a virtual file /.lazyfs-control at the mount's root. Write "cut K" to cut (K torn sectors kept of
 * the newest unsynced write; 0: none); the daemon prints one JSON line on stdout saying what was undone, and
 * from then on every call fails with EIO until it is unmounted. Reading the file says what a cut would undo
 * now (JSON). "ready" is printed once the mount answers.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <unistd.h>

#define SECTOR 512
#define CONTROL "/.lazyfs-control"
#define CONTROL_FH UINT64_MAX

static int root_fd = -1;
static int stash_fd = -1;
static char backing_root[PATH_MAX];
static char stash_root[PATH_MAX];
static int dead = 0;
static uint64_t write_seq = 0;
static uint64_t stash_seq = 0;

/* ---------------------------------------------------------------------------------------------------------
 * Unsynced bytes: per inode, the size it had at its last sync and the old bytes of every sector changed since.
 */
struct sector_copy {
  uint64_t index;
  uint32_t len; /* bytes of the sector that existed (the last one may be short) */
  unsigned char data[SECTOR];
};

struct file_undo {
  ino_t ino;
  off_t synced_size;
  struct sector_copy *copies;
  size_t count, cap;
  /* open addressing: sector index + 1 (0 = empty) -> position in copies */
  uint64_t *keys;
  size_t *slots;
  size_t table_cap;
  off_t last_off;
  size_t last_len;
  uint64_t last_seq;
  struct file_undo *next;
};

static struct file_undo *files = NULL;

static struct file_undo *find_file(ino_t ino) {
  for (struct file_undo *f = files; f; f = f->next)
    if (f->ino == ino) return f;
  return NULL;
}

static void free_file(struct file_undo *f) {
  free(f->copies);
  free(f->keys);
  free(f->slots);
  free(f);
}

static void drop_file(ino_t ino) {
  for (struct file_undo **p = &files; *p; p = &(*p)->next) {
    if ((*p)->ino == ino) {
      struct file_undo *f = *p;
      *p = f->next;
      free_file(f);
      return;
    }
  }
}

static struct file_undo *file_for(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0) return NULL;
  struct file_undo *f = find_file(st.st_ino);
  if (f) return f;
  f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->ino = st.st_ino;
  /* First change since the last sync: what is there now is what a power cut leaves. */
  f->synced_size = st.st_size;
  f->next = files;
  files = f;
  return f;
}

static long table_find(struct file_undo *f, uint64_t index) {
  if (!f->table_cap) return -1;
  size_t h = (size_t)(index * 11400714819323198485ull) & (f->table_cap - 1);
  while (f->keys[h]) {
    if (f->keys[h] == index + 1) return (long)f->slots[h];
    h = (h + 1) & (f->table_cap - 1);
  }
  return -1;
}

static void table_put(struct file_undo *f, uint64_t index, size_t slot) {
  size_t h = (size_t)(index * 11400714819323198485ull) & (f->table_cap - 1);
  while (f->keys[h]) h = (h + 1) & (f->table_cap - 1);
  f->keys[h] = index + 1;
  f->slots[h] = slot;
}

static int table_grow(struct file_undo *f) {
  size_t cap = f->table_cap ? f->table_cap * 2 : 64;
  uint64_t *keys = calloc(cap, sizeof *keys);
  size_t *slots = calloc(cap, sizeof *slots);
  if (!keys || !slots) {
    free(keys);
    free(slots);
    return -ENOMEM;
  }
  free(f->keys);
  free(f->slots);
  f->keys = keys;
  f->slots = slots;
  f->table_cap = cap;
  for (size_t i = 0; i < f->count; i++) table_put(f, f->copies[i].index, i);
  return 0;
}

/* Keeps the old bytes of every synced sector in [from, to) not kept yet, before they change. */
static int keep_old_bytes(int fd, struct file_undo *f, off_t from, off_t to) {
  if (to > f->synced_size) to = f->synced_size;
  if (from >= to) return 0;
  for (uint64_t s = (uint64_t)from / SECTOR; (off_t)(s * SECTOR) < to; s++) {
    if (table_find(f, s) >= 0) continue;
    if (f->count == f->cap) {
      size_t cap = f->cap ? f->cap * 2 : 16;
      struct sector_copy *copies = realloc(f->copies, cap * sizeof *copies);
      if (!copies) return -ENOMEM;
      f->copies = copies;
      f->cap = cap;
    }
    if ((f->count + 1) * 2 > f->table_cap) {
      int r = table_grow(f);
      if (r) return r;
    }
    struct sector_copy *c = &f->copies[f->count];
    c->index = s;
    ssize_t n = pread(fd, c->data, SECTOR, (off_t)(s * SECTOR));
    if (n < 0) return -errno;
    c->len = (uint32_t)n;
    table_put(f, s, f->count);
    f->count++;
  }
  return 0;
}

/* ---------------------------------------------------------------------------------------------------------
 * Unsynced names: a log of name changes, each undone by a cut unless its folder(s) were synced since.
 */
enum op_kind { OP_CREATE, OP_MKDIR, OP_UNLINK, OP_RMDIR, OP_RENAME };

struct name_op {
  enum op_kind kind;
  ino_t dir1;
  char name1[NAME_MAX + 1];
  ino_t dir2; /* rename: the destination */
  char name2[NAME_MAX + 1];
  char stash[NAME_MAX + 1]; /* unlink, rmdir, or rename over a name: where the old entry waits; "" if none */
  int synced1, synced2;
  struct name_op *prev, *next;
};

static struct name_op *ops_head = NULL, *ops_tail = NULL;

static void op_remove(struct name_op *op) {
  if (op->prev) op->prev->next = op->next;
  else ops_head = op->next;
  if (op->next) op->next->prev = op->prev;
  else ops_tail = op->prev;
  free(op);
}

static struct name_op *op_add(enum op_kind kind, ino_t dir1, const char *name1) {
  struct name_op *op = calloc(1, sizeof *op);
  if (!op) return NULL;
  op->kind = kind;
  op->dir1 = dir1;
  op->dir2 = dir1;
  snprintf(op->name1, sizeof op->name1, "%s", name1);
  op->prev = ops_tail;
  if (ops_tail) ops_tail->next = op;
  else ops_head = op;
  ops_tail = op;
  return op;
}

/* ---------------------------------------------------------------------------------------------------------
 * Paths
 */
static const char *rel(const char *path) {
  if (!path || path[0] == '\0' || (path[0] == '/' && path[1] == '\0')) return ".";
  return path[0] == '/' ? path + 1 : path;
}

/* The parent folder's inode and the last component of a FUSE path. */
static int split(const char *path, ino_t *parent, const char **name) {
  const char *slash = strrchr(path, '/');
  char dir[PATH_MAX];
  if (!slash || slash == path) snprintf(dir, sizeof dir, ".");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path - 1), path + 1);
  struct stat st;
  if (fstatat(root_fd, dir, &st, 0) != 0) return -errno;
  *parent = st.st_ino;
  *name = slash ? slash + 1 : path;
  return 0;
}

static int is_control(const char *path) { return path && strcmp(path, CONTROL) == 0; }

/* ---------------------------------------------------------------------------------------------------------
 * The cut
 */
struct found {
  ino_t ino;
  int dir;
  char path[PATH_MAX]; /* absolute */
};
static struct found *found_list = NULL;
static size_t found_count = 0, found_cap = 0;

static int collect(const char *fpath, const struct stat *sb, int typeflag, struct FTW *ftwbuf) {
  (void)ftwbuf;
  (void)typeflag;
  if (found_count == found_cap) {
    size_t cap = found_cap ? found_cap * 2 : 256;
    struct found *list = realloc(found_list, cap * sizeof *list);
    if (!list) return 1;
    found_list = list;
    found_cap = cap;
  }
  found_list[found_count].ino = sb->st_ino;
  found_list[found_count].dir = S_ISDIR(sb->st_mode);
  snprintf(found_list[found_count].path, PATH_MAX, "%s", fpath);
  found_count++;
  return 0;
}

static void walk_all(void) {
  found_count = 0;
  nftw(backing_root, collect, 32, FTW_PHYS);
  nftw(stash_root, collect, 32, FTW_PHYS);
}

static const char *path_of(ino_t ino, int dir) {
  for (size_t i = 0; i < found_count; i++)
    if (found_list[i].ino == ino && found_list[i].dir == dir) return found_list[i].path;
  return NULL;
}

static int remove_one(const char *fpath, const struct stat *sb, int typeflag, struct FTW *ftwbuf) {
  (void)sb;
  (void)ftwbuf;
  return typeflag == FTW_DP ? rmdir(fpath) : unlink(fpath);
}

static void remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISDIR(st.st_mode)) nftw(path, remove_one, 32, FTW_DEPTH | FTW_PHYS);
  else unlink(path);
}

static void join(char *out, const char *dir, const char *name) { snprintf(out, PATH_MAX, "%s/%s", dir, name); }

static void empty_stash(void) {
  DIR *d = opendir(stash_root);
  if (!d) return;
  struct dirent *e;
  char p[PATH_MAX];
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    join(p, stash_root, e->d_name);
    remove_tree(p);
  }
  closedir(d);
}

static void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fprintf(out, "\\%c", *s);
    else if ((unsigned char)*s < 0x20) fprintf(out, "\\u%04x", *s);
    else fputc(*s, out);
  }
  fputc('"', out);
}

/* What a cut undid, in words (the first ones): "rename data/a.tmp -> data/a" means that rename was undone. */
#define NOTED_MAX 64
static char noted[NOTED_MAX][2 * PATH_MAX + 16];
static int noted_count = 0;

static const char *shown(const char *path) {
  size_t n = strlen(backing_root);
  if (!strncmp(path, backing_root, n) && path[n] == '/') return path + n + 1;
  n = strlen(stash_root);
  if (!strncmp(path, stash_root, n) && path[n] == '/') return path + n + 1;
  return path;
}

static void note_name(enum op_kind kind, const char *a, const char *b) {
  static const char *words[] = {"create", "mkdir", "unlink", "rmdir", "rename"};
  if (noted_count >= NOTED_MAX) return;
  if (kind == OP_RENAME)
    snprintf(noted[noted_count++], sizeof noted[0], "rename %s -> %s", shown(a), shown(b));
  else
    snprintf(noted[noted_count++], sizeof noted[0], "%s %s", words[kind], shown(a));
}

static void cut(long torn_sectors) {
  long files_undone = 0, sectors_undone = 0, files_shortened = 0, names_undone = 0, torn_kept = 0;
  char torn_path[PATH_MAX] = "";
  walk_all();

  /* The newest unsynced write: the one a power cut may catch half-written. */
  struct file_undo *torn = NULL;
  for (struct file_undo *f = files; f; f = f->next)
    if (f->last_seq && (!torn || f->last_seq > torn->last_seq)) torn = f;

  for (struct file_undo *f = files; f; f = f->next) {
    const char *path = path_of(f->ino, 0);
    if (!path) continue;
    int fd = open(path, O_WRONLY);
    if (fd < 0) continue;
    uint64_t keep_from = UINT64_MAX, keep_to = 0;
    off_t size = f->synced_size;
    if (f == torn && torn_sectors > 0) {
      uint64_t first = (uint64_t)f->last_off / SECTOR;
      uint64_t last = ((uint64_t)f->last_off + f->last_len + SECTOR - 1) / SECTOR;
      keep_from = first;
      keep_to = first + (uint64_t)torn_sectors < last ? first + (uint64_t)torn_sectors : last;
      torn_kept = (long)(keep_to - keep_from);
      off_t kept_end = (off_t)(keep_to * SECTOR);
      if (kept_end > f->last_off + (off_t)f->last_len) kept_end = f->last_off + (off_t)f->last_len;
      if (kept_end > size) {
        /* What lay between the synced end and the kept sectors was never written: it reads back as zeros. */
        off_t gap_to = (off_t)(keep_from * SECTOR);
        static const unsigned char zeros[SECTOR];
        for (off_t at = f->synced_size; at < gap_to; at += SECTOR) {
          size_t n = gap_to - at < SECTOR ? (size_t)(gap_to - at) : SECTOR;
          if (pwrite(fd, zeros, n, at) < 0) break;
        }
        size = kept_end;
      }
      snprintf(torn_path, sizeof torn_path, "%s", path);
    }
    for (size_t i = 0; i < f->count; i++) {
      struct sector_copy *c = &f->copies[i];
      if (c->index >= keep_from && c->index < keep_to) continue;
      if (pwrite(fd, c->data, c->len, (off_t)(c->index * SECTOR)) >= 0) sectors_undone++;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size != size) files_shortened++;
    if (ftruncate(fd, size) != 0) perror("lazyfs: truncate at cut");
    fsync(fd);
    close(fd);
    files_undone++;
  }

  /* Names, newest first. */
  for (struct name_op *op = ops_tail; op; op = op->prev) {
    walk_all();
    const char *d1 = path_of(op->dir1, 1);
    const char *d2 = path_of(op->dir2, 1);
    char a[PATH_MAX], b[PATH_MAX], s[PATH_MAX];
    if (!d1 || !d2) continue; /* its folder went with an older undo */
    join(a, d1, op->name1);
    join(b, d2, op->name2);
    join(s, stash_root, op->stash);
    switch (op->kind) {
    case OP_CREATE:
    case OP_MKDIR:
      remove_tree(a);
      break;
    case OP_UNLINK:
      if (rename(s, a) != 0) perror("lazyfs: undo unlink");
      break;
    case OP_RMDIR:
      if (rename(s, a) != 0) perror("lazyfs: undo rmdir");
      break;
    case OP_RENAME:
      if (rename(b, a) != 0) perror("lazyfs: undo rename");
      if (op->stash[0] && rename(s, b) != 0) perror("lazyfs: undo rename's replaced name");
      break;
    }
    names_undone++;
    note_name(op->kind, a, b);
  }
  empty_stash();
  sync();

  printf("{\"filesUndone\":%ld,\"sectorsUndone\":%ld,\"filesShortened\":%ld,\"namesUndone\":%ld,"
         "\"tornSectorsKept\":%ld,\"tornFile\":",
         files_undone, sectors_undone, files_shortened, names_undone, torn_kept);
  json_string(stdout, torn_path);
  printf(",\"names\":[");
  for (int i = 0; i < noted_count; i++) {
    if (i) putchar(',');
    json_string(stdout, noted[i]);
  }
  printf("]}\n");
  fflush(stdout);

  while (files) {
    struct file_undo *f = files;
    files = f->next;
    free_file(f);
  }
  while (ops_head) op_remove(ops_head);
  dead = 1;
}

static int status_text(char *out, size_t cap) {
  long sectors = 0, nfiles = 0, names = 0;
  for (struct file_undo *f = files; f; f = f->next) {
    nfiles++;
    sectors += (long)f->count;
  }
  for (struct name_op *op = ops_head; op; op = op->next) names++;
  return snprintf(out, cap, "{\"unsyncedFiles\":%ld,\"keptSectors\":%ld,\"unsyncedNames\":%ld,\"cut\":%s}\n",
                  nfiles, sectors, names, dead ? "true" : "false");
}

/* ---------------------------------------------------------------------------------------------------------
 * Name changes
 */
static int stash_away(const char *relpath, char *stash_name) {
  const char *base = strrchr(relpath, '/');
  base = base ? base + 1 : relpath;
  snprintf(stash_name, NAME_MAX + 1, "%llu-%.200s", (unsigned long long)++stash_seq, base);
  if (renameat(root_fd, relpath, stash_fd, stash_name) != 0) return -errno;
  return 0;
}

/* A name created since its folder's last sync and removed again: neither needs undoing. */
static struct name_op *unsynced_creation(ino_t dir, const char *name, enum op_kind kind) {
  for (struct name_op *op = ops_tail; op; op = op->prev) {
    int touches = (op->dir1 == dir && !strcmp(op->name1, name)) ||
                  (op->kind == OP_RENAME && op->dir2 == dir && !strcmp(op->name2, name));
    if (!touches) continue;
    return op->kind == kind && !op->synced1 ? op : NULL;
  }
  return NULL;
}

/* Whether a name change waiting for a sync happened inside this folder. */
static int names_in(ino_t dir) {
  for (struct name_op *op = ops_head; op; op = op->next)
    if (op->dir1 == dir || op->dir2 == dir) return 1;
  return 0;
}

static int is_empty_dir(const char *relpath) {
  int fd = openat(root_fd, relpath, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return 0;
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return 0;
  }
  struct dirent *e;
  int empty = 1;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
  closedir(d);
  return empty;
}

static int lfs_unlink(const char *path) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  struct stat st;
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) != 0) return -errno;
  if (S_ISDIR(st.st_mode)) return -EISDIR;
  struct name_op *made = unsynced_creation(dir, name, OP_CREATE);
  if (made) {
    if (unlinkat(root_fd, rel(path), 0) != 0) return -errno;
    if (st.st_nlink <= 1) drop_file(st.st_ino);
    op_remove(made);
    return 0;
  }
  char stash_name[NAME_MAX + 1];
  r = stash_away(rel(path), stash_name);
  if (r) return r;
  struct name_op *op = op_add(OP_UNLINK, dir, name);
  if (!op) return -ENOMEM;
  snprintf(op->stash, sizeof op->stash, "%s", stash_name);
  return 0;
}

static int lfs_rmdir(const char *path) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  struct stat st;
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) != 0) return -errno;
  if (!S_ISDIR(st.st_mode)) return -ENOTDIR;
  if (!is_empty_dir(rel(path))) return -ENOTEMPTY;
  struct name_op *made = unsynced_creation(dir, name, OP_MKDIR);
  if (made && !names_in(st.st_ino)) {
    if (unlinkat(root_fd, rel(path), AT_REMOVEDIR) != 0) return -errno;
    op_remove(made);
    return 0;
  }
  /* Moved aside, not removed: the names undone inside it later need the same folder (its inode) back. */
  char stash_name[NAME_MAX + 1];
  r = stash_away(rel(path), stash_name);
  if (r) return r;
  struct name_op *op = op_add(OP_RMDIR, dir, name);
  if (!op) return -ENOMEM;
  snprintf(op->stash, sizeof op->stash, "%s", stash_name);
  return 0;
}

static int lfs_mkdir(const char *path, mode_t mode) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  if (mkdirat(root_fd, rel(path), mode) != 0) return -errno;
  return op_add(OP_MKDIR, dir, name) ? 0 : -ENOMEM;
}

static int lfs_mknod(const char *path, mode_t mode, dev_t rdev) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  if (mknodat(root_fd, rel(path), mode, rdev) != 0) return -errno;
  return op_add(OP_CREATE, dir, name) ? 0 : -ENOMEM;
}

static int lfs_symlink(const char *target, const char *path) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  if (symlinkat(target, root_fd, rel(path)) != 0) return -errno;
  return op_add(OP_CREATE, dir, name) ? 0 : -ENOMEM;
}

static int lfs_link(const char *from, const char *to) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(to, &dir, &name);
  if (r) return r;
  if (linkat(root_fd, rel(from), root_fd, rel(to), 0) != 0) return -errno;
  return op_add(OP_CREATE, dir, name) ? 0 : -ENOMEM;
}

static int lfs_rename(const char *from, const char *to, unsigned int flags) {
  if (dead) return -EIO;
  if (flags & RENAME_EXCHANGE) return -EINVAL;
  ino_t dir1, dir2;
  const char *name1, *name2;
  int r = split(from, &dir1, &name1);
  if (r) return r;
  r = split(to, &dir2, &name2);
  if (r) return r;
  struct stat src, dst;
  if (fstatat(root_fd, rel(from), &src, AT_SYMLINK_NOFOLLOW) != 0) return -errno;
  char stash_name[NAME_MAX + 1] = "";
  if (fstatat(root_fd, rel(to), &dst, AT_SYMLINK_NOFOLLOW) == 0) {
    if (flags & RENAME_NOREPLACE) return -EEXIST;
    if (src.st_ino == dst.st_ino) return 0;
    if (S_ISDIR(dst.st_mode) && !S_ISDIR(src.st_mode)) return -EISDIR;
    if (!S_ISDIR(dst.st_mode) && S_ISDIR(src.st_mode)) return -ENOTDIR;
    if (S_ISDIR(dst.st_mode) && !is_empty_dir(rel(to))) return -ENOTEMPTY;
    r = stash_away(rel(to), stash_name);
    if (r) return r;
  } else if (errno != ENOENT) {
    return -errno;
  }
  if (renameat(root_fd, rel(from), root_fd, rel(to)) != 0) {
    int e = errno;
    if (stash_name[0]) renameat(stash_fd, stash_name, root_fd, rel(to));
    return -e;
  }
  struct name_op *op = op_add(OP_RENAME, dir1, name1);
  if (!op) return -ENOMEM;
  op->dir2 = dir2;
  snprintf(op->name2, sizeof op->name2, "%s", name2);
  snprintf(op->stash, sizeof op->stash, "%s", stash_name);
  return 0;
}

/* A folder synced: every name change in it is kept now; what waited in the stash for it is gone for good. */
static void folder_synced(ino_t dir) {
  struct name_op *op = ops_head;
  while (op) {
    struct name_op *next = op->next;
    if (op->dir1 == dir) op->synced1 = 1;
    if (op->dir2 == dir) op->synced2 = 1;
    if (op->synced1 && op->synced2) {
      if (op->stash[0]) {
        struct stat st;
        if (fstatat(stash_fd, op->stash, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st.st_mode) &&
            st.st_nlink <= 1)
          drop_file(st.st_ino);
        char p[PATH_MAX];
        join(p, stash_root, op->stash);
        remove_tree(p);
      }
      op_remove(op);
    }
    op = next;
  }
}

/* ---------------------------------------------------------------------------------------------------------
 * Files
 */
static int lfs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
  if (is_control(path)) {
    memset(st, 0, sizeof *st);
    st->st_mode = S_IFREG | 0666;
    st->st_nlink = 1;
    return 0;
  }
  if (dead) return -EIO;
  int r = fi && fi->fh != CONTROL_FH ? fstat((int)fi->fh, st) : fstatat(root_fd, rel(path), st, AT_SYMLINK_NOFOLLOW);
  return r == 0 ? 0 : -errno;
}

static int lfs_access(const char *path, int mask) {
  if (is_control(path)) return 0;
  if (dead) return -EIO;
  return faccessat(root_fd, rel(path), mask, 0) == 0 ? 0 : -errno;
}

static int lfs_readlink(const char *path, char *buf, size_t size) {
  if (dead) return -EIO;
  ssize_t n = readlinkat(root_fd, rel(path), buf, size - 1);
  if (n < 0) return -errno;
  buf[n] = '\0';
  return 0;
}

/* Every change of a file's bytes or size goes through here: the old bytes are kept first. */
static int truncate_fd(int fd, off_t size) {
  struct stat st;
  if (fstat(fd, &st) != 0) return -errno;
  struct file_undo *f = file_for(fd);
  if (!f) return -ENOMEM;
  int r = size < st.st_size ? keep_old_bytes(fd, f, size, st.st_size) : keep_old_bytes(fd, f, st.st_size, size);
  if (r) return r;
  return ftruncate(fd, size) == 0 ? 0 : -errno;
}

static int open_flags(int flags) {
  /* Read access is always needed, to keep the old bytes; appends come with their offset from the kernel. */
  flags &= ~(O_APPEND | O_TRUNC);
  if ((flags & O_ACCMODE) == O_WRONLY) flags = (flags & ~O_ACCMODE) | O_RDWR;
  return flags;
}

static int lfs_open(const char *path, struct fuse_file_info *fi) {
  if (is_control(path)) {
    fi->fh = CONTROL_FH;
    fi->direct_io = 1;
    return 0;
  }
  if (dead) return -EIO;
  int fd = openat(root_fd, rel(path), open_flags(fi->flags));
  if (fd < 0) return -errno;
  if (fi->flags & O_TRUNC) {
    int r = truncate_fd(fd, 0);
    if (r) {
      close(fd);
      return r;
    }
  }
  fi->fh = (uint64_t)fd;
  fi->keep_cache = 1; /* every change passes through this mount: the kernel's copy stays true */
  return 0;
}

static int lfs_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  if (dead) return -EIO;
  ino_t dir;
  const char *name;
  int r = split(path, &dir, &name);
  if (r) return r;
  struct stat st;
  int existed = fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) == 0;
  int fd = openat(root_fd, rel(path), open_flags(fi->flags) | O_CREAT, mode);
  if (fd < 0) return -errno;
  if (existed && (fi->flags & O_TRUNC)) {
    r = truncate_fd(fd, 0);
    if (r) {
      close(fd);
      return r;
    }
  }
  if (!existed && !op_add(OP_CREATE, dir, name)) {
    close(fd);
    return -ENOMEM;
  }
  fi->fh = (uint64_t)fd;
  fi->keep_cache = 1;
  return 0;
}

static int lfs_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
  if (dead) return -EIO;
  if (fi && fi->fh != CONTROL_FH) return truncate_fd((int)fi->fh, size);
  if (is_control(path)) return 0;
  int fd = openat(root_fd, rel(path), O_RDWR);
  if (fd < 0) return -errno;
  int r = truncate_fd(fd, size);
  close(fd);
  return r;
}

static int lfs_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh == CONTROL_FH) {
    char text[256];
    int n = status_text(text, sizeof text);
    if (off >= n) return 0;
    size_t len = (size_t)(n - off) < size ? (size_t)(n - off) : size;
    memcpy(buf, text + off, len);
    return (int)len;
  }
  if (dead) return -EIO;
  ssize_t n = pread((int)fi->fh, buf, size, off);
  return n < 0 ? -errno : (int)n;
}

static int lfs_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh == CONTROL_FH) {
    char cmd[64];
    size_t n = size < sizeof cmd - 1 ? size : sizeof cmd - 1;
    memcpy(cmd, buf, n);
    cmd[n] = '\0';
    long torn = 0;
    if (strncmp(cmd, "cut", 3) != 0) return -EINVAL;
    if (dead) return -EIO;
    sscanf(cmd + 3, "%ld", &torn);
    cut(torn < 0 ? 0 : torn);
    return (int)size;
  }
  if (dead) return -EIO;
  int fd = (int)fi->fh;
  struct file_undo *f = file_for(fd);
  if (!f) return -ENOMEM;
  int r = keep_old_bytes(fd, f, off, off + (off_t)size);
  if (r) return r;
  ssize_t n = pwrite(fd, buf, size, off);
  if (n < 0) return -errno;
  f->last_off = off;
  f->last_len = (size_t)n;
  f->last_seq = ++write_seq;
  return (int)n;
}

static int lfs_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)path;
  (void)datasync;
  if (fi->fh == CONTROL_FH) return 0;
  if (dead) return -EIO;
  struct stat st;
  if (fstat((int)fi->fh, &st) != 0) return -errno;
  drop_file(st.st_ino);
  return 0;
}

static int lfs_flush(const char *path, struct fuse_file_info *fi) {
  (void)path;
  (void)fi;
  return 0;
}

static int lfs_release(const char *path, struct fuse_file_info *fi) {
  (void)path;
  if (fi->fh != CONTROL_FH) close((int)fi->fh);
  return 0;
}

static int lfs_statfs(const char *path, struct statvfs *st) {
  (void)path;
  if (dead) return -EIO;
  return fstatvfs(root_fd, st) == 0 ? 0 : -errno;
}

static int lfs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  if (dead) return -EIO;
  int r = fi ? fchmod((int)fi->fh, mode) : fchmodat(root_fd, rel(path), mode, 0);
  return r == 0 ? 0 : -errno;
}

static int lfs_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
  if (dead) return -EIO;
  int r = fi ? fchown((int)fi->fh, uid, gid) : fchownat(root_fd, rel(path), uid, gid, AT_SYMLINK_NOFOLLOW);
  return r == 0 ? 0 : -errno;
}

static int lfs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  if (dead) return -EIO;
  if (is_control(path)) return 0;
  int r = fi ? futimens((int)fi->fh, tv) : utimensat(root_fd, rel(path), tv, AT_SYMLINK_NOFOLLOW);
  return r == 0 ? 0 : -errno;
}

/* ---------------------------------------------------------------------------------------------------------
 * Folders
 */
static int lfs_opendir(const char *path, struct fuse_file_info *fi) {
  if (dead) return -EIO;
  int fd = openat(root_fd, rel(path), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return -errno;
  fi->fh = (uint64_t)fd;
  return 0;
}

static int lfs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                       enum fuse_readdir_flags flags) {
  (void)path;
  (void)off;
  (void)flags;
  if (dead) return -EIO;
  int fd = dup((int)fi->fh);
  if (fd < 0) return -errno;
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return -errno;
  }
  rewinddir(d);
  struct dirent *e;
  while ((e = readdir(d))) {
    struct stat st;
    memset(&st, 0, sizeof st);
    st.st_ino = e->d_ino;
    st.st_mode = (mode_t)DTTOIF(e->d_type);
    if (fill(buf, e->d_name, &st, 0, 0)) break;
  }
  closedir(d);
  return 0;
}

static int lfs_releasedir(const char *path, struct fuse_file_info *fi) {
  (void)path;
  close((int)fi->fh);
  return 0;
}

static int lfs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)path;
  (void)datasync;
  if (dead) return -EIO;
  struct stat st;
  if (fstat((int)fi->fh, &st) != 0) return -errno;
  folder_synced(st.st_ino);
  return 0;
}

static void *lfs_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
  conn->want &= ~FUSE_CAP_WRITEBACK_CACHE; /* every write reaches this daemon when it is made */
  cfg->use_ino = 1;
  cfg->hard_remove = 1; /* an open file unlinked is moved to the stash, never renamed to .fuse_hidden */
  cfg->nullpath_ok = 1;
  cfg->entry_timeout = 0;
  cfg->attr_timeout = 0;
  cfg->negative_timeout = 0;
  printf("ready\n");
  fflush(stdout);
  return NULL;
}

static const struct fuse_operations ops = {
    .init = lfs_init,
    .getattr = lfs_getattr,
    .access = lfs_access,
    .readlink = lfs_readlink,
    .mknod = lfs_mknod,
    .mkdir = lfs_mkdir,
    .unlink = lfs_unlink,
    .rmdir = lfs_rmdir,
    .symlink = lfs_symlink,
    .rename = lfs_rename,
    .link = lfs_link,
    .chmod = lfs_chmod,
    .chown = lfs_chown,
    .truncate = lfs_truncate,
    .open = lfs_open,
    .create = lfs_create,
    .read = lfs_read,
    .write = lfs_write,
    .statfs = lfs_statfs,
    .flush = lfs_flush,
    .release = lfs_release,
    .fsync = lfs_fsync,
    .opendir = lfs_opendir,
    .readdir = lfs_readdir,
    .releasedir = lfs_releasedir,
    .fsyncdir = lfs_fsyncdir,
    .utimens = lfs_utimens,
};

int main(int argc, char *argv[]) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s BACKING STASH MOUNTPOINT [FUSE options]\n", argv[0]);
    return 2;
  }
  if (!realpath(argv[1], backing_root) || !realpath(argv[2], stash_root)) {
    perror("lazyfs: backing or stash folder");
    return 2;
  }
  root_fd = open(backing_root, O_RDONLY | O_DIRECTORY);
  stash_fd = open(stash_root, O_RDONLY | O_DIRECTORY);
  if (root_fd < 0 || stash_fd < 0) {
    perror("lazyfs: open");
    return 2;
  }
  struct stat a, b;
  if (fstat(root_fd, &a) != 0 || fstat(stash_fd, &b) != 0 || a.st_dev != b.st_dev) {
    fprintf(stderr, "lazyfs: the stash must be on the backing folder's disk\n");
    return 2;
  }
  umask(0);
  /* A test that dies leaves no mount behind: its end ends this daemon, and fuse_main unmounts on SIGTERM. */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  argv[2] = argv[0];
  return fuse_main(argc - 2, argv + 2, &ops, NULL);
}
