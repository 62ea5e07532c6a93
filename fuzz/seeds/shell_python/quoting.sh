python3 -c 'print(1)'"; rm -rf ~" \; $'x' ${A:-b} # c
if true; then { ( python3 - <<-'EOF'
	print(1)
	EOF
); }; fi
