# A grid sensor drifting 1%/s from 4 s after a red weight came to rest beside it (d 108-119, y 229); three blue and red weights far up the table. Oracle: the same end without the fault ([3,0]). Usage: bash test/hostile-findings/shuffle-drift-by-weight.sh
cd "$(dirname "$0")/../.."
for d in 108 115 119; do for sensor in grid.1.3 grid.1.4 grid.1.5 grid.2.3 grid.2.4 grid.2.5 grid.3.4; do for rate in 0.01 -0.01; do
fl=/tmp/dr-$d-$sensor-$rate.jsonl
printf '%s\n' '{"game":"shuffleboard","players":2,"options":{"firstPlayer":0},"seed":4}' "{\"t\":1000,\"do\":\"slide\",\"to\":{\"d\":$d,\"y\":229}}" "{\"t\":5000,\"fault\":\"drift\",\"perS\":$rate,\"sensor\":\"$sensor\"}" '{"t":7000,"do":"slide","to":{"d":600,"y":100}}' '{"t":13000,"do":"slide","to":{"d":700,"y":400}}' '{"t":19000,"do":"slide","to":{"d":800,"y":100}}' '{"t":25000,"do":"slide","to":{"d":900,"y":400}}' '{"t":31000,"do":"slide","off":true}' '{"t":37000,"do":"slide","off":true}' '{"t":43000,"do":"slide","off":true}' > $fl
r=$(npx tallyboard replay $fl 2>&1 | grep -E '"fault"|final|flag' | sed 's/.*"fault":"\([a-z]*\)".*"sensor":"\([^"]*\)".*/\1:\2/; s/.*"final":{"scores":\(\[[^]]*\]\).*"d":\[\([0-9-]*\),.*/final \1 red1@\2/' | tr '\n' ' ')
echo "$d $sensor $rate: $r"
done; done; done
