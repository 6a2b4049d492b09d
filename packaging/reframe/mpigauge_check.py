# mpigauge_check.py: mpigauge as a ReFrame test (ReFrame 4; docs/developing.md,
# ReFrame).  It runs records (-r, by default a 1-byte SEND, a 4 MiB BW and a
# 1024-double ALLREDUCE) and/or an input file with --check, and reads
# run.json: sanity is every record done with --check passed (or "no data"
# where a call moves none); the performance variables are the 1-byte
# latency, the large-message bandwidth and the collective's time, each the
# median mpigauge reports.  References are the site's, per system:
#
#   class my_check(mpigauge_check):          # in a file of the site's
#       reference = {'cluster:compute': {'latency_1B': (1.6, None, 0.10, 'us'),
#                                        'bandwidth_large': (11000, -0.10, None, 'MB/s'),
#                                        'allreduce_1024': (4.0, None, 0.20, 'us')}}
#
# or -S mpigauge_check.executable=/path/to/mpigauge and the launcher of the
# system's partition (mpirun, or srun with SLURM_MPI_TYPE=pmi2 for MPICH).
import json
import os

import reframe as rfm
import reframe.utility.sanity as sn
import reframe.utility.typecheck as typ
from reframe.core.builtins import (performance_function, run_before,
                                   sanity_function, variable)


@rfm.simple_test
class mpigauge_check(rfm.RunOnlyRegressionTest):
    descr = 'mpigauge: MPI latency, bandwidth and a collective, --check on'
    valid_systems = ['*']
    valid_prog_environs = ['*']
    executable = 'mpigauge'
    #: an input file (relative to where ReFrame runs, or absolute); '' for none
    input_file = variable(str, value='')
    #: records on the command line, after the file's; the performance
    #: variables read the first SEND, BW and ALLREDUCE records there are
    records = variable(typ.List[str], value=[
        'SEND CHAR 1 1 ADD 1 WORLD NOP 0',
        'BW CHAR 4194304 4194304 ADD 1 WORLD NOP 0',
        'ALLREDUCE DOUBLE 1024 1024 ADD 1 WORLD SUM 0',
    ])
    #: more of mpigauge's options (--iters 1000, --like osu ...)
    mpigauge_options = variable(typ.List[str], value=[])
    num_tasks = 2
    reference = {
        '*': {
            'latency_1B': (0, None, None, 'us'),
            'bandwidth_large': (0, None, None, 'MB/s'),
            'allreduce_1024': (0, None, None, 'us'),
        }
    }
    tags = {'mpi', 'benchmark'}

    @run_before('run')
    def set_options(self):
        self.executable_opts = ['--quiet', '--check', '-o', 'mpigauge-out']
        self.executable_opts += list(self.mpigauge_options)
        for r in self.records:
            self.executable_opts += ['-r', f"'{r}'"]
        if self.input_file:
            path = os.path.abspath(os.path.join(self.prefix, self.input_file)) \
                if not os.path.isabs(self.input_file) else self.input_file
            self.executable_opts.append(path)

    def _run(self):
        with open(os.path.join(self.stagedir, 'mpigauge-out', 'run.json')) as f:
            return json.load(f)

    # no job.exitcode: a Slurm without accounting (the squeue backend) has
    # none; run.json says what ran
    @sanity_function
    def every_record_checked(self):
        run = self._run()
        recs = [r for r in run['records'] if r['status'] != 'skipped']
        bad = [r['text'] for r in recs
               if r['status'] != 'done' or r.get('check') not in ('passed', 'no data')]
        return sn.all([
            sn.assert_eq(run['status'], 'complete', msg='run.json: status {0}'),
            sn.assert_gt(len(recs), 0, msg='no record ran'),
            sn.assert_eq(len(bad), 0, msg=f'not done with --check passed: {bad}'),
        ])

    def _point(self, call, key, pick):
        for r in self._run()['records']:
            if r.get('call') == call and r['status'] == 'done' and r['points']:
                return pick(r['points'])[key]
        raise ValueError(f'no {call} record done')

    @performance_function('us')
    def latency_1B(self):
        return self._point('SEND', 't_med_us', lambda p: p[0])

    @performance_function('MB/s')
    def bandwidth_large(self):
        return self._point('BW', 'mbps', lambda p: p[-1])

    @performance_function('us')
    def allreduce_1024(self):
        return self._point('ALLREDUCE', 't_med_us', lambda p: p[-1])
