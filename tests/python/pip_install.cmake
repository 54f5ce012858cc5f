# python.pip_install: pip install the repository root into OUT (no network: --no-build-isolation
# uses the venv's pinned scikit-build-core; --no-deps: numpy is in the venv), then import it.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PY} -m pip install --disable-pip-version-check --no-build-isolation --no-deps
                        --no-cache-dir -q --target ${OUT} ${SRC}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pip_install: pip install ${SRC} failed (${rc})")
endif()
execute_process(COMMAND ${PY} -c "
import sys
sys.path.insert(0, sys.argv[1])
import fiu
assert fiu.__file__.startswith(sys.argv[1]), fiu.__file__
assert fiu.f32_dotadd(0x3F800000, 0x40000000, 0x40400000, 0x40800000, 0x3F800000) == 0x41700000
st, n = fiu.State(), 0
for r in fiu.read_vectors(sys.argv[2]):
    if isinstance(r, fiu.RequestRecord):
        assert st.execute(r.request) == r.expect, r.line
        n += 1
    else:
        st.apply(r)
from importlib.metadata import version
# the wheel's version (pyproject.toml, from VERSION) is the C library's (fiu_version.h)
assert version('fiu') == fiu.__version__, (version('fiu'), fiu.__version__)
print('pip_install: fiu', version('fiu'), 'from', fiu.__file__ + ':', n, 'requests OK')
" ${OUT} ${VEC} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pip_install: the installed package failed (${rc})")
endif()
