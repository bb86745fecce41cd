-- require cannot climb out of scripts/lib: the name is refused before any file is looked at.
amazing.print("before")
require("../../../../etc/passwd")
