-- A tree of coroutines, each far shorter than the hook period, the main thread waiting
-- in one call: the hook never saw the work (100% CPU at --max-steps 1000000).
print("before")
local function tree(depth)
  if depth == 0 then return end
  for i = 1, 2 do coroutine.wrap(tree)(depth - 1) end
end
coroutine.wrap(tree)(40)
