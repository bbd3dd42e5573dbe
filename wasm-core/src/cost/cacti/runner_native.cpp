// CACTI 7 as a separate process (runner.hpp), not linked in as a library: CACTI calls exit() and
// assert() on inputs it cannot organise and keeps its input in globals (g_ip, g_tp), so in-process
// it would take the worker down with it and would need a lock around every call. As a process a
// crash or a hang costs one run: the time limit kills it (its whole process group) and the caller
// gets an exit code to turn into a field-named error (docs/cost-model.md, "Exact method").
//
// The binary: $SWITCHLAB_CACTI, else the path the build passed (SWITCHLAB_CACTI_DEFAULT,
// build/cacti/cacti from scripts/install.sh). CACTI reads tech_params/<node>.dat relative to its
// working directory and writes <cfg>.out there, so each run gets a private temporary directory
// holding the cfg and a link to the tech_params/ beside the binary; it is removed afterwards.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "cost/cacti/runner.hpp"

#ifndef SWITCHLAB_CACTI_DEFAULT
#define SWITCHLAB_CACTI_DEFAULT ""
#endif

namespace switchlab::cost::cacti {
namespace {

std::string binary_path() {
  const char* env = std::getenv("SWITCHLAB_CACTI");
  return env && *env ? env : SWITCHLAB_CACTI_DEFAULT;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void remove_tree(const std::string& dir) {
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") unlink((dir + "/" + name).c_str());
    }
    closedir(d);
  }
  rmdir(dir.c_str());
}

RunOutput failed_to_start(const std::string& why) {
  RunOutput r;
  r.exit_code = 127;
  r.err = why;
  return r;
}

}  // namespace

bool available() {
  const std::string p = binary_path();
  return !p.empty() && access(p.c_str(), X_OK) == 0;
}

RunOutput run(const std::string& cfg_text, double time_limit_s) {
  const std::string bin = binary_path();
  if (bin.empty() || access(bin.c_str(), X_OK) != 0)
    return failed_to_start("no CACTI executable at \"" + bin + "\" (set SWITCHLAB_CACTI or run scripts/install.sh)");
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/switchlab-cacti-XXXXXX";
  if (!mkdtemp(dir.data())) return failed_to_start("cannot create a temporary directory: " + std::string(std::strerror(errno)));
  {
    std::ofstream cfg(dir + "/run.cfg", std::ios::binary);
    cfg << cfg_text;
  }
  const std::string tech = bin.substr(0, bin.find_last_of('/') + 1) + "tech_params";
  struct stat st {};
  if (stat(tech.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    char abs[4096];
    // A failed link shows up as CACTI failing to read its technology file (reported with its output).
    if (realpath(tech.c_str(), abs)) (void)!symlink(abs, (dir + "/tech_params").c_str());
  }
  const std::string out_path = dir + "/stdout", err_path = dir + "/stderr";

  const pid_t pid = fork();
  if (pid < 0) {
    remove_tree(dir);
    return failed_to_start("cannot start CACTI: " + std::string(std::strerror(errno)));
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec. Own process group, so that the time limit
    // also stops anything it started; no core files from CACTI's assert().
    setpgid(0, 0);
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (chdir(dir.c_str()) != 0) _exit(126);
    const int in = open("/dev/null", O_RDONLY);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0 || err < 0) _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    char arg0[] = "cacti", arg1[] = "-infile", arg2[] = "run.cfg";
    char* argv[] = {arg0, arg1, arg2, nullptr};
    execv(bin.c_str(), argv);
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent, so that the group exists before any kill below

  RunOutput r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(time_limit_s);
  int status = 0;
  auto pause = std::chrono::microseconds(200);
  for (;;) {
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid || (w < 0 && errno != EINTR)) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      r.timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
  kill(-pid, SIGKILL);  // whatever the run left behind in its group
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  remove_tree(dir);
  return r;
}

}  // namespace switchlab::cost::cacti
