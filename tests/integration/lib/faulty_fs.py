#!/usr/bin/python3
# A FUSE filesystem that passes everything through to a folder, and fails writes with EIO while a flag file exists:
# a disk that has begun to fail, under a real server (tests/integration/disk_errors.test.mjs). Debian's
# python3-fusepy, run by /usr/bin/python3 (a pyenv's python does not see Debian's packages).
#
#   /usr/bin/python3 faulty_fs.py BACKING MOUNTPOINT FLAG
#
# While FLAG exists, write(2), fsync(2) and ftruncate(2) on any file fail with EIO; reads and everything else go
# on. Runs in the foreground until unmounted (fusermount -u or umount).
import errno
import os
import sys

from fusepy import FUSE, FuseOSError, Operations


class Faulty(Operations):
    def __init__(self, root, flag):
        self.root = root
        self.flag = flag

    def _path(self, path):
        return os.path.join(self.root, path.lstrip('/'))

    def _fail_if_flagged(self):
        if os.path.exists(self.flag):
            raise FuseOSError(errno.EIO)

    def access(self, path, mode):
        if not os.access(self._path(path), mode):
            raise FuseOSError(errno.EACCES)

    def getattr(self, path, fh=None):
        st = os.lstat(self._path(path))
        keys = ('st_atime', 'st_ctime', 'st_gid', 'st_mode', 'st_mtime', 'st_nlink', 'st_size', 'st_uid')
        return {k: getattr(st, k) for k in keys}

    def readdir(self, path, fh):
        return ['.', '..'] + os.listdir(self._path(path))

    def chmod(self, path, mode):
        os.chmod(self._path(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._path(path), uid, gid)

    def mkdir(self, path, mode):
        os.mkdir(self._path(path), mode)

    def rmdir(self, path):
        os.rmdir(self._path(path))

    def unlink(self, path):
        os.unlink(self._path(path))

    def rename(self, old, new):
        os.rename(self._path(old), self._path(new))

    def utimens(self, path, times=None):
        os.utime(self._path(path), times)

    def statfs(self, path):
        st = os.statvfs(self._path(path))
        keys = ('f_bavail', 'f_bfree', 'f_blocks', 'f_bsize', 'f_favail', 'f_ffree', 'f_files', 'f_flag',
                'f_frsize', 'f_namemax')
        return {k: getattr(st, k) for k in keys}

    def open(self, path, flags):
        return os.open(self._path(path), flags)

    def create(self, path, mode, fi=None):
        return os.open(self._path(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        self._fail_if_flagged()
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        self._fail_if_flagged()
        if fh is not None:
            os.ftruncate(fh, length)
        else:
            os.truncate(self._path(path), length)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)

    def fsync(self, path, datasync, fh):
        self._fail_if_flagged()
        if datasync:
            os.fdatasync(fh)
        else:
            os.fsync(fh)


if __name__ == '__main__':
    backing, mountpoint, flag = sys.argv[1:4]
    # Not direct_io: SQLite maps its -shm file shared and writable, which FUSE allows only through the page cache.
    FUSE(Faulty(backing, flag), mountpoint, foreground=True, nothreads=True, attr_timeout=0, entry_timeout=0, negative_timeout=0)
