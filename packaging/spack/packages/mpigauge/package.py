# mpigauge's Spack recipe (docs/developing.md, Spack).  Copy this folder
# into a site's repository, or `spack repo add packaging/spack`.
import glob
import json

from spack.package import *


class Mpigauge(MakefilePackage):
    """MPI micro-benchmark suite: every call x datatype x op x size range
    of a plain-text input (or -r on the command line) on any topology,
    with a median and its 95% interval per size, --check of every element,
    per-pair detail, and the runs of OSU Micro-Benchmarks and IMB by
    name (--run osu_latency, --run imb:PingPong)."""

    # The release tarball is `make dist`'s mpigauge-VERSION.tar.gz.  No
    # public download exists yet: put the tarball in a Spack mirror
    # (`spack mirror add`, mirror/mpigauge/mpigauge-VERSION.tar.gz), which
    # Spack reads before this url, and the checksum below decides.
    homepage = "https://mpigauge.invalid/"
    url = "https://mpigauge.invalid/releases/mpigauge-0.1.0.tar.gz"

    license("BSD-3-Clause")

    version("0.1.0", sha256="b9df724506c016c94251c68b5624cf358b1104f4ddc46520d1d46618fd38ab7e")

    variant("papi", default=False, description="Hardware counters through PAPI (--papi)")
    variant(
        "smpi",
        default=False,
        description="Also mpigauge-smpi and its platform plug-in, for SimGrid's SMPI",
    )

    depends_on("gmake", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("mpi")
    depends_on("gsl")
    depends_on("jansson")
    depends_on("hwloc")
    depends_on("sqlite")
    depends_on("papi", when="+papi")
    depends_on("simgrid", when="+smpi")

    def _make_args(self):
        spec = self.spec
        args = ["MPICC={0}".format(spec["mpi"].mpicc), "PAPI={0}".format(int("+papi" in spec))]
        if "+smpi" in spec:
            args.append("SMPICC={0}".format(spec["simgrid"].prefix.bin.smpicc))
        return args

    @property
    def build_targets(self):
        return self._make_args() + ["mpigauge"] + (["smpi"] if "+smpi" in self.spec else [])

    @property
    def install_targets(self):
        return self._make_args() + ["install", "PREFIX={0}".format(self.prefix)]

    @run_after("install")
    def install_smpi(self):
        if "+smpi" not in self.spec:
            return
        install("mpigauge-smpi", self.prefix.bin)
        platforms = join_path(self.prefix.share, "mpigauge", "platforms")
        mkdirp(platforms)
        for f in ["platforms/costs.so", "platforms/hosts"] + glob.glob("platforms/*.xml"):
            install(f, platforms)

    # spack install --test=root: after the build, the unit tests and a run
    # of one record on 2 ranks with --check; after the install, the
    # installed binary's --version
    def check(self):
        make(*self._make_args(), "WERROR=0", "tests/unit_tests")
        Executable("./tests/unit_tests")()
        mpiexec = Executable(join_path(self.spec["mpi"].prefix.bin, "mpiexec"))
        mpiexec(
            "-n", "2", "./mpigauge", "--quiet", "--check", "--iters", "20", "-o", "spack-check",
            "-r", "SEND CHAR 1 65536 MUL 4 WORLD NOP 0", "-r", "ALLREDUCE DOUBLE 1 64 MUL 4 WORLD SUM 0",
        )
        with open(join_path("spack-check", "run.json")) as f:
            records = json.load(f)["records"]
        if [(r["status"], r["check"]) for r in records] != [("done", "passed")] * 2:
            raise InstallError("mpigauge's --check run did not pass both records")

    @run_after("install")
    @on_package_attributes(run_tests=True)
    def check_installed(self):
        out = Executable(self.prefix.bin.mpigauge)("--version", output=str)
        if not out.startswith("mpigauge {0}".format(self.version)):
            raise InstallError("the installed mpigauge --version said: " + out)
