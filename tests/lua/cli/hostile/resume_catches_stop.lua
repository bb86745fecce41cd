-- coroutine.resume caught the step limit's error and the run ended with exit 0.
print("before")
local ok, err = coroutine.resume(coroutine.create(function() while true do end end))
print("after")
