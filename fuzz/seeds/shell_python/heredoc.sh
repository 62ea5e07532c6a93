cd x; python3 - <<'EOF'
import os
EOF
uv run --with y python -c "$A" < in.py > out 2>&1
