/* The UVa 11210 solution of shared/seeds/002, used as a test oracle.
 * Two repairs, nothing else changed: the #include lines had lost their header names, and
 * `char str[3]` could not hold "ZHONG" (scanf overflowed it), so it is `char str[8]`. */
#include <stdio.h>
#include <string.h>
int mj[20], cnt[35];
const char* mahjong[]={"1T","2T","3T","4T","5T","6T","7T","8T","9T",
	"1S","2S","3S","4S","5S","6S","7S","8S","9S",
	"1W","2W","3W","4W","5W","6W","7W","8W","9W",
	"DONG","NAN","XI","BEI",
	"ZHONG","FA","BAI"};
int getNum(char *str) {
	for (int i = 0; i < 34; i++) {
		if (!strcmp(mahjong[i], str)) return i;
	}
}
int check2(int n) {
	for (int i = 0; i < 34; i++) {
		if (cnt[i] >= 3) {
			if (n == 3) return 1;
			cnt[i] -= 3;
			if (check2(n + 1)) return 1;
			cnt[i] += 3;
		}
	}
	for (int i = 0; i <= 24; i++) {
		if (i % 9 <= 6 && cnt[i] && cnt[i + 1] && cnt[i + 2]) {
			if (n == 3) return 1;
			cnt[i]--;
			cnt[i + 1]--;
			cnt[i + 2]--;
			if (check2(n + 1)) return 1;
			cnt[i]++;
			cnt[i + 1]++;
			cnt[i + 2]++;
		}
	}
	return 0;
}
int check() {
	for (int i = 0; i < 34; i++) {
		if (cnt[i] >= 2) {
			cnt[i] -= 2;
			if (check2(0)) return 1;
			cnt[i] += 2;
		}
	}
	return 0;
}
int main() {
	char str[8];
	int Case = 1;
	while (scanf("%s", str) == 1) {
		if (strcmp(str, "0") == 0) break;
		printf("Case %d:", Case++);
		mj[0] = getNum(str);
		for (int i = 1; i < 13; i++) {
			scanf("%s", str);
			mj[i] = getNum(str);
		}
		int flag = 0;
		for (int i = 0; i < 34; i++) {
			memset(cnt, 0, sizeof(cnt));
			for (int j = 0; j < 13; j++) {
				cnt[mj[j]]++;
			}
			if (cnt[i] >= 4) continue;
			cnt[i]++;
			if (check()) {
				flag = 1;
				printf(" %s", mahjong[i]);
			}
		}
		if (!flag) printf(" Not ready\n");
		else printf("\n");
	}
	return 0;
}
