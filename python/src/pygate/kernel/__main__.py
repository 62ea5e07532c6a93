"""`pygate kernel install ...` and `pygate kernel run ...` (also `python3 -m pygate.kernel`)."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pygate kernel",
                                     description="A Jupyter kernel whose cells pygate gates and sandboxes.")
    commands = parser.add_subparsers(dest="command", required=True)
    install = commands.add_parser("install", help="write a kernelspec per profile")
    install.add_argument("--profile", action="append", dest="profiles", metavar="PROFILE",
                         help="a built-in profile or a profile file (repeatable; default data_processing)")
    where = install.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="into the user's Jupyter data folder")
    where.add_argument("--sys-prefix", action="store_true", help="into this Python's prefix (a venv)")
    where.add_argument("--prefix", metavar="DIR", help="into DIR/share/jupyter/kernels")
    _folders(install)
    _limits(install)
    install.add_argument("--binary", metavar="PATH", help="the pygate binary (default: the package's, $PYGATE, PATH)")
    run = commands.add_parser("run", help="start the kernel (what a kernelspec runs)")
    run.add_argument("--profile", default="data_processing")
    _folders(run)
    _limits(run)
    run.add_argument("-f", dest="connection_file", required=True, help="the connection file Jupyter hands over")
    return parser


def _folders(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input-dir", metavar="DIR", help="its files are the session's input/ (read-only)")
    parser.add_argument("--output-dir", metavar="DIR", help="the session's output/ is copied here after each cell")


def _limits(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=int, help="each cell's wall clock in seconds (at most the profile's)")
    parser.add_argument("--memory", type=int, help="the session's memory in MB (at most the profile's)")


def main(argv: Optional[List[str]] = None) -> int:
    options = _parser().parse_args(argv)
    if options.command == "install":
        from ._kernelspec import install

        prefix = sys.prefix if options.sys_prefix else options.prefix
        for path in install(options.profiles or ["data_processing"], user=options.user, prefix=prefix,
                            input_dir=options.input_dir, output_dir=options.output_dir, binary=options.binary,
                            timeout=options.timeout, memory=options.memory):
            print(f"installed {path}")
        return 0
    from ipykernel.kernelapp import IPKernelApp

    from ._kernel import GatedKernel, KernelSettings

    GatedKernel.settings = KernelSettings(profile=options.profile, input_dir=options.input_dir,
                                          output_dir=options.output_dir, timeout=options.timeout,
                                          memory=options.memory)
    IPKernelApp.launch_instance(argv=["-f", options.connection_file], kernel_class=GatedKernel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
