amazing.print("custom " .. amazing.args.width .. "x" .. amazing.args.length .. " " .. amazing.args.variant)
